// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.api;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * One direction of a line's two-rate three-colour meter (RFC 2698 trTCM) as an operator gives
 * it: committed and peak rates in kbit/s (1000 bit/s), committed and peak bursts in bytes.
 * Traffic above the committed rate is marked Lower Effort, above the peak rate dropped. The P4
 * meters count bytes of whole frames (Ethernet, tags, PPPoE, PPP included): the rates become
 * bytes per second (kbit/s × 125), the bursts stay bytes.
 */
public final class BngMeterRate {

    /** Slowest rate: 1 kbit/s. */
    public static final long MIN_RATE_KBPS = 1;
    /** Fastest rate: 100 Gbit/s, the fastest port a BNG switch has. */
    public static final long MAX_RATE_KBPS = 100_000_000;
    /**
     * Smallest burst: the largest frame a line carries (1492 octets of IP, the PPPoE MTU, + 2 PPP
     * + 6 PPPoE + 8 two tags + 14 Ethernet), which a smaller bucket would never let through.
     */
    public static final long MIN_BURST_BYTES = 1522;
    /** Largest burst: one second at the fastest rate. */
    public static final long MAX_BURST_BYTES = MAX_RATE_KBPS * 125;

    private final long cirKbps;
    private final long cbsBytes;
    private final long pirKbps;
    private final long pbsBytes;

    /**
     * Creates a rate (BngConfigJson names the field that is wrong before this is reached).
     *
     * @param cirKbps  committed information rate, kbit/s
     * @param cbsBytes committed burst size, bytes
     * @param pirKbps  peak information rate, kbit/s, not below cirKbps
     * @param pbsBytes peak burst size, bytes
     */
    public BngMeterRate(long cirKbps, long cbsBytes, long pirKbps, long pbsBytes) {
        checkArgument(rate(cirKbps) && rate(pirKbps), "rates must be %s..%s kbit/s", MIN_RATE_KBPS, MAX_RATE_KBPS);
        checkArgument(burst(cbsBytes) && burst(pbsBytes), "bursts must be %s..%s bytes", MIN_BURST_BYTES,
                      MAX_BURST_BYTES);
        checkArgument(pirKbps >= cirKbps, "pirKbps %s is below cirKbps %s", pirKbps, cirKbps);
        this.cirKbps = cirKbps;
        this.cbsBytes = cbsBytes;
        this.pirKbps = pirKbps;
        this.pbsBytes = pbsBytes;
    }

    static boolean rate(long kbps) {
        return kbps >= MIN_RATE_KBPS && kbps <= MAX_RATE_KBPS;
    }

    static boolean burst(long bytes) {
        return bytes >= MIN_BURST_BYTES && bytes <= MAX_BURST_BYTES;
    }

    public long cirKbps() {
        return cirKbps;
    }

    public long cbsBytes() {
        return cbsBytes;
    }

    public long pirKbps() {
        return pirKbps;
    }

    public long pbsBytes() {
        return pbsBytes;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof BngMeterRate)) {
            return false;
        }
        BngMeterRate other = (BngMeterRate) o;
        return cirKbps == other.cirKbps && cbsBytes == other.cbsBytes && pirKbps == other.pirKbps
                && pbsBytes == other.pbsBytes;
    }

    @Override
    public int hashCode() {
        return Objects.hash(cirKbps, cbsBytes, pirKbps, pbsBytes);
    }

    @Override
    public String toString() {
        return "CIR " + cirKbps + " kbit/s (burst " + cbsBytes + " B), PIR " + pirKbps + " kbit/s (burst "
                + pbsBytes + " B)";
    }
}
