// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.onosproject.net.pi.model.PiPipeconf;
import org.sixflow.pipeconf.PipeconfArtifacts;
import org.sixflow.pipeconf.PipeconfFactory;
import org.sixflow.pipeconf.SixflowPipeconfs;

/**
 * The real pipeconfs, built from the artifacts the pipeconf bundle ships.
 */
public final class TestPipeconfs {

    private TestPipeconfs() {
    }

    /**
     * Returns the bmv2 pipeconf.
     *
     * @return the pipeconf
     */
    public static PiPipeconf bmv2() {
        try {
            return PipeconfFactory.bmv2(PipeconfArtifacts.ofResources(PipeconfFactory.class,
                                                                      SixflowPipeconfs.BMV2_DIR));
        } catch (Exception e) {
            throw new IllegalStateException("bmv2 pipeconf artifacts unreadable", e);
        }
    }

    /**
     * Returns the Tofino pipeconf (bf-p4c's output in the bundle).
     *
     * @return the pipeconf
     */
    public static PiPipeconf tofino() {
        try {
            return PipeconfFactory.tofino(PipeconfArtifacts.ofResources(PipeconfFactory.class,
                                                                        SixflowPipeconfs.TOFINO_DIR));
        } catch (Exception e) {
            throw new IllegalStateException("Tofino pipeconf artifacts unreadable", e);
        }
    }
}
