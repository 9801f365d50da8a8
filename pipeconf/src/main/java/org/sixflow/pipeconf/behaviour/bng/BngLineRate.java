// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * One direction of a line's two-rate three-colour meter (RFC 2698 trTCM) as the BNG's P4 meters
 * take it: they count bytes (MeterType bytes on v1model, MeterType_t.BYTES on TNA), so the rates
 * are bytes per second and the bursts bytes. Above the committed rate a frame is yellow (marked
 * Lower Effort), above the peak rate red (dropped, BNG_METER_RED).
 */
public final class BngLineRate {

    private final long cirBytesPerSecond;
    private final long cbsBytes;
    private final long pirBytesPerSecond;
    private final long pbsBytes;

    /**
     * Creates a rate.
     *
     * @param cirBytesPerSecond committed information rate, bytes/s (> 0)
     * @param cbsBytes          committed burst size, bytes (> 0)
     * @param pirBytesPerSecond peak information rate, bytes/s (not below the committed rate)
     * @param pbsBytes          peak burst size, bytes (> 0)
     */
    public BngLineRate(long cirBytesPerSecond, long cbsBytes, long pirBytesPerSecond, long pbsBytes) {
        checkArgument(cirBytesPerSecond > 0 && cbsBytes > 0 && pbsBytes > 0, "rates and bursts must be positive");
        // RFC 2698 and ONOS's PI meter translator both refuse a peak below the committed rate.
        checkArgument(pirBytesPerSecond >= cirBytesPerSecond, "the peak rate must not be below the committed rate");
        this.cirBytesPerSecond = cirBytesPerSecond;
        this.cbsBytes = cbsBytes;
        this.pirBytesPerSecond = pirBytesPerSecond;
        this.pbsBytes = pbsBytes;
    }

    public long cirBytesPerSecond() {
        return cirBytesPerSecond;
    }

    public long cbsBytes() {
        return cbsBytes;
    }

    public long pirBytesPerSecond() {
        return pirBytesPerSecond;
    }

    public long pbsBytes() {
        return pbsBytes;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof BngLineRate)) {
            return false;
        }
        BngLineRate other = (BngLineRate) o;
        return cirBytesPerSecond == other.cirBytesPerSecond && cbsBytes == other.cbsBytes
                && pirBytesPerSecond == other.pirBytesPerSecond && pbsBytes == other.pbsBytes;
    }

    @Override
    public int hashCode() {
        return Objects.hash(cirBytesPerSecond, cbsBytes, pirBytesPerSecond, pbsBytes);
    }

    @Override
    public String toString() {
        return "CIR " + cirBytesPerSecond + " B/s, CBS " + cbsBytes + " B, PIR " + pirBytesPerSecond
                + " B/s, PBS " + pbsBytes + " B";
    }
}
