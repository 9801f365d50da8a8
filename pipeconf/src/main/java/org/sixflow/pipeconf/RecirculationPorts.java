// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.Optional;

/**
 * Recirculation port numbers per target (RECIRC_PORT; P4Info does not carry them, and
 * RecirculationPortsTest holds these to {@code p4src/<target>/define_<target>.p4}). A packet sent
 * there comes back into the ingress as received on that port: GTP-U's UE-to-UE round, and the
 * packet-outs the controller has the pipeline route (ONOS's TABLE port). Only profiles with GTP-U
 * go round on bmv2 (its egress recirculates under WITH_GTPU).
 */
public final class RecirculationPorts {

    /** bmv2: no port of the switch's; its egress recirculates what is sent there. */
    public static final int BMV2 = 510;
    /** Tofino 1: pipe 0's recirculation port. */
    public static final int TOFINO = 68;

    private RecirculationPorts() {
    }

    /**
     * Returns the recirculation port of a Sixflow pipeconf's target.
     *
     * @param pipeconfId the pipeconf
     * @return its port, or empty for a pipeconf that is not Sixflow's
     */
    public static Optional<Integer> of(PiPipeconfId pipeconfId) {
        return SixflowPipeconfs.perTarget(pipeconfId, BMV2, TOFINO);
    }
}
