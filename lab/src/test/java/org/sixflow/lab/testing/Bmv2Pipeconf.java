// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.testing;

import org.onosproject.net.pi.model.PiPipeconf;
import org.sixflow.pipeconf.PipeconfArtifacts;
import org.sixflow.pipeconf.PipeconfFactory;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.SixflowPipeconfs;

/**
 * The bmv2 pipeconf as the pipeconf bundle builds it from its committed artifacts.
 */
public final class Bmv2Pipeconf {

    private Bmv2Pipeconf() {
    }

    /**
     * Builds the pipeconf.
     *
     * @return org.sixflow.full.bmv2
     */
    public static PiPipeconf get() {
        try {
            return PipeconfFactory.bmv2(SixflowPipeconfs.FULL_BMV2, PipeconfArtifacts.ofResources(PipeconfFactory.class,
                                                                      SixflowPipeconfs.bundleFolder(SixflowPipeconfs.FULL_PROFILE, PipeconfTarget.BMV2)));
        } catch (Exception e) {
            throw new IllegalStateException("bmv2 pipeconf artifacts unreadable", e);
        }
    }
}
