// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.testing;

import org.onosproject.net.pi.model.PiPipeconf;
import org.sixflow.pipeconf.PipeconfArtifacts;
import org.sixflow.pipeconf.PipeconfFactory;
import org.sixflow.pipeconf.SixflowPipeconfs;

/**
 * The two pipeconfs as the bundle builds them from its committed artifacts (their pipeline
 * models parsed from the committed P4Info files by ONOS's P4InfoParser).
 */
public final class BundledPipeconfs {

    private BundledPipeconfs() {
    }

    /**
     * Returns the bmv2 pipeconf.
     *
     * @return the pipeconf
     */
    public static PiPipeconf bmv2() {
        try {
            return PipeconfFactory.bmv2(PipeconfArtifacts.ofResources(PipeconfFactory.class, SixflowPipeconfs.BMV2_DIR));
        } catch (Exception e) {
            throw new IllegalStateException("bmv2 artifacts unreadable", e);
        }
    }

    /**
     * Returns the Tofino pipeconf.
     *
     * @return the pipeconf
     */
    public static PiPipeconf tofino() {
        try {
            return PipeconfFactory.tofino(PipeconfArtifacts.ofResources(PipeconfFactory.class,
                                                                        SixflowPipeconfs.TOFINO_DIR));
        } catch (Exception e) {
            throw new IllegalStateException("Tofino artifacts unreadable", e);
        }
    }
}
