// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.Optional;

/**
 * How many M-SIDs each target's egress parses, and so can remove when it decapsulates a copy for
 * a receiver of the replicating node itself. bmv2 parses the whole list (MAX_MSIDS); Tofino 1's
 * egress parse depth reaches 3 (EGRESS_MAX_MSIDS in p4src/tna/define_tna.p4) and drops such a
 * copy of a longer one. Copies to other routers need no M-SID parsed (their entries carry Segments
 * Left and destination), so only trees whose replicating node on the device has receivers of its
 * own must fit this limit.
 */
public final class EgressMsidLimits {

    /** bmv2 (v1model): every M-SID the ingress parses (common/define.p4 MAX_MSIDS). */
    public static final int BMV2 = 8;
    /** Tofino 1 (TNA): tna/define_tna.p4 EGRESS_MAX_MSIDS. */
    public static final int TOFINO = 3;

    private EgressMsidLimits() {
    }

    /**
     * Returns the egress M-SID limit of a Sixflow pipeconf.
     *
     * @param pipeconfId the pipeconf
     * @return the limit, or empty for a pipeconf that is not Sixflow's
     */
    public static Optional<Integer> of(PiPipeconfId pipeconfId) {
        return SixflowPipeconfs.perTarget(pipeconfId, BMV2, TOFINO);
    }
}
