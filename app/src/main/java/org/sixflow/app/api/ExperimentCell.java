// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;
import java.util.Optional;

/**
 * One combination of an experiment's factors (the ILNP method's frame size × load grid): every
 * class is sent with this frame size at this interval, once per repetition. An experiment with
 * an interval and no load rates has one cell per frame size.
 */
public final class ExperimentCell {

    private final int index;
    private final int frameSize;
    private final long intervalNanos;
    private final Double loadMbps;

    private ExperimentCell(int index, int frameSize, long intervalNanos, Double loadMbps) {
        this.index = index;
        this.frameSize = frameSize;
        this.intervalNanos = intervalNanos;
        this.loadMbps = loadMbps;
    }

    /**
     * Creates a cell.
     *
     * @param index         position in the experiment, from 0
     * @param frameSize     Ethernet frame bytes, without the FCS
     * @param intervalNanos time between two packets of the stream
     * @param loadMbps      the load rate the interval was derived from, or null
     * @return the cell
     */
    public static ExperimentCell of(int index, int frameSize, long intervalNanos, Double loadMbps) {
        return new ExperimentCell(index, frameSize, intervalNanos, loadMbps);
    }

    /**
     * Returns the interval that offers a load with frames of a size: frame bits / rate.
     *
     * @param frameSize Ethernet frame bytes
     * @param loadMbps  megabits per second, above 0
     * @return nanoseconds, rounded, at least 1
     */
    public static long intervalFor(int frameSize, double loadMbps) {
        return Math.max(1, Math.round(frameSize * 8.0 * 1000.0 / loadMbps));
    }

    public int index() {
        return index;
    }

    public int frameSize() {
        return frameSize;
    }

    public long intervalNanos() {
        return intervalNanos;
    }

    /** The load rate the cell was defined by, if it was. */
    public Optional<Double> loadMbps() {
        return Optional.ofNullable(loadMbps);
    }

    /** Packets per second of the stream. */
    public double packetsPerSecond() {
        return 1e9 / intervalNanos;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ExperimentCell)) {
            return false;
        }
        ExperimentCell c = (ExperimentCell) o;
        return index == c.index && frameSize == c.frameSize && intervalNanos == c.intervalNanos
                && Objects.equals(loadMbps, c.loadMbps);
    }

    @Override
    public int hashCode() {
        return Objects.hash(index, frameSize, intervalNanos, loadMbps);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("index", index).add("frameSize", frameSize)
                .add("intervalNanos", intervalNanos).add("loadMbps", loadMbps).toString();
    }
}
