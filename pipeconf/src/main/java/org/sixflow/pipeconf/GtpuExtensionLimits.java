// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.Optional;

/**
 * How many 4-octet units of extension headers each target's parser walks in a received G-PDU
 * (GTPU_EXT_MAX_UNITS), past which the G-PDU is malformed (dropped and counted). bmv2 walks 8 (an
 * uplink PDU Session Container with all of TS 38.415's QoS monitoring fields takes 7); Tofino 1
 * walks 4, as each unit of the bound costs its ingress parser TCAM rows it does not have.
 */
public final class GtpuExtensionLimits {

    /** bmv2 (v1model): common/define.p4's default. */
    public static final int BMV2 = 8;
    /** Tofino 1 (TNA): tna/define_tna.p4. */
    public static final int TOFINO = 4;

    private GtpuExtensionLimits() {
    }

    /**
     * Returns the extension-header bound of a Sixflow pipeconf's target.
     *
     * @param pipeconfId the pipeconf
     * @return the bound in 4-octet units, or empty for a pipeconf that is not Sixflow's
     */
    public static Optional<Integer> of(PiPipeconfId pipeconfId) {
        return SixflowPipeconfs.perTarget(pipeconfId, BMV2, TOFINO);
    }
}
