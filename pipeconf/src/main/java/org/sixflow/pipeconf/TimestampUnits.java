// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.Optional;

/**
 * The unit of each target's data-plane timestamps (docs/features/telemetry.md#timestamps):
 * bmv2's global timestamps count microseconds, Tofino's count nanoseconds. P4Info does not say,
 * so the latency aggregates and telemetry reports are scaled to nanoseconds from here.
 */
public final class TimestampUnits {

    /** bmv2 (v1model): ingress/egress_global_timestamp in µs. */
    public static final long BMV2_NANOS_PER_TICK = 1_000;
    /** Tofino (TNA): MAC and global timestamps in ns. */
    public static final long TOFINO_NANOS_PER_TICK = 1;

    private TimestampUnits() {
    }

    /**
     * Returns the nanoseconds per timestamp tick of a Sixflow pipeconf.
     *
     * @param pipeconfId the pipeconf
     * @return ns per tick, or empty for a pipeconf that is not Sixflow's
     */
    public static Optional<Long> nanosPerTick(PiPipeconfId pipeconfId) {
        return SixflowPipeconfs.perTarget(pipeconfId, BMV2_NANOS_PER_TICK, TOFINO_NANOS_PER_TICK);
    }
}
