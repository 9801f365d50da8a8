// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.Optional;

/**
 * Clone session ids the P4 programs clone to, and how much of a clone each keeps. P4Info does not
 * carry them: the P4 sources define them in {@code p4src/<target>/define_<target>.p4}, and
 * CloneSessionsTest holds these values to those files.
 */
public final class CloneSessions {

    /** TELEMETRY_CLONE_SESSION: per-packet telemetry reports, pointed at the CPU port. */
    public static final int TELEMETRY = 500;
    /**
     * TELEMETRY_SESSION_TRUNCATE_BYTES of bmv2: none (0). Its P4Runtime server refuses truncating
     * clone sessions; its egress truncates the report frame itself.
     */
    public static final int BMV2_TELEMETRY_TRUNCATE = 0;
    /** TELEMETRY_SESSION_TRUNCATE_BYTES of Tofino: the 28-byte mirror header and 128 bytes of the packet. */
    public static final int TOFINO_TELEMETRY_TRUNCATE = 156;
    /**
     * TOO_BIG_CLONE_SESSION of Tofino: packets past their egress MTU, mirrored whole to the CPU
     * port (the telemetry session truncates). bmv2 clones them to the telemetry session, which
     * keeps all of a clone (its egress truncates latency reports itself).
     */
    public static final int TOFINO_TOO_BIG = 501;

    private CloneSessions() {
    }

    /**
     * Returns how many bytes of a clone the telemetry session keeps on a Sixflow pipeconf.
     *
     * @param pipeconfId the pipeconf
     * @return the session's truncation (0: none), or empty for a pipeconf that is not Sixflow's
     */
    public static Optional<Integer> telemetryTruncate(PiPipeconfId pipeconfId) {
        return SixflowPipeconfs.perTarget(pipeconfId, BMV2_TELEMETRY_TRUNCATE, TOFINO_TELEMETRY_TRUNCATE);
    }

    /**
     * Returns the session a Sixflow pipeconf mirrors packets past their egress MTU to, where it is
     * not the telemetry session.
     *
     * @param pipeconfId the pipeconf
     * @return {@link #TOFINO_TOO_BIG} on Tofino; empty on bmv2 (the telemetry session) and for a
     *         pipeconf that is not Sixflow's
     */
    public static Optional<Integer> tooBigSession(PiPipeconfId pipeconfId) {
        return SixflowPipeconfs.targetOf(pipeconfId).filter(target -> target == PipeconfTarget.TOFINO)
                .map(target -> TOFINO_TOO_BIG);
    }
}
