// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A port's traffic rates over the interval that ends at {@link #time()}. A rate is null when a
 * counter was not reported at either end, or went backwards (the device reset it).
 */
public final class PortRates {

    private final Instant time;
    private final Double inPacketsPerSecond;
    private final Double outPacketsPerSecond;
    private final Double inBitsPerSecond;
    private final Double outBitsPerSecond;

    private PortRates(Instant time, Double inPacketsPerSecond, Double outPacketsPerSecond, Double inBitsPerSecond,
                      Double outBitsPerSecond) {
        this.time = checkNotNull(time);
        this.inPacketsPerSecond = inPacketsPerSecond;
        this.outPacketsPerSecond = outPacketsPerSecond;
        this.inBitsPerSecond = inBitsPerSecond;
        this.outBitsPerSecond = outBitsPerSecond;
    }

    /**
     * Creates rates.
     *
     * @param time                end of the interval
     * @param inPacketsPerSecond  received packets per second, or null
     * @param outPacketsPerSecond sent packets per second, or null
     * @param inBitsPerSecond     received bits per second, or null
     * @param outBitsPerSecond    sent bits per second, or null
     * @return the rates
     */
    public static PortRates of(Instant time, Double inPacketsPerSecond, Double outPacketsPerSecond,
                               Double inBitsPerSecond, Double outBitsPerSecond) {
        return new PortRates(time, inPacketsPerSecond, outPacketsPerSecond, inBitsPerSecond, outBitsPerSecond);
    }

    /**
     * Derives the rates between two readings of the same port.
     *
     * @param previous the earlier reading
     * @param current  the later reading
     * @return rates at the later reading's time; all null if the readings are not in time order
     */
    public static PortRates between(PortCounters previous, PortCounters current) {
        double seconds = Duration.between(previous.time(), current.time()).toNanos() / 1e9;
        return new PortRates(current.time(),
                             perSecond(previous.inPackets(), current.inPackets(), seconds, 1),
                             perSecond(previous.outPackets(), current.outPackets(), seconds, 1),
                             perSecond(previous.inOctets(), current.inOctets(), seconds, 8),
                             perSecond(previous.outOctets(), current.outOctets(), seconds, 8));
    }

    private static Double perSecond(Long before, Long after, double seconds, int scale) {
        if (before == null || after == null || after < before || seconds <= 0) {
            return null;
        }
        return (after - before) * (double) scale / seconds;
    }

    public Instant time() {
        return time;
    }

    public Double inPacketsPerSecond() {
        return inPacketsPerSecond;
    }

    public Double outPacketsPerSecond() {
        return outPacketsPerSecond;
    }

    public Double inBitsPerSecond() {
        return inBitsPerSecond;
    }

    public Double outBitsPerSecond() {
        return outBitsPerSecond;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PortRates)) {
            return false;
        }
        PortRates that = (PortRates) o;
        return time.equals(that.time) && Objects.equals(inPacketsPerSecond, that.inPacketsPerSecond)
                && Objects.equals(outPacketsPerSecond, that.outPacketsPerSecond)
                && Objects.equals(inBitsPerSecond, that.inBitsPerSecond)
                && Objects.equals(outBitsPerSecond, that.outBitsPerSecond);
    }

    @Override
    public int hashCode() {
        return Objects.hash(time, inPacketsPerSecond, outPacketsPerSecond, inBitsPerSecond, outBitsPerSecond);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("time", time).add("inPps", inPacketsPerSecond)
                .add("outPps", outPacketsPerSecond).add("inBps", inBitsPerSecond).add("outBps", outBitsPerSecond)
                .toString();
    }
}
