// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.onosproject.net.DeviceId;

import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One row of sixflow.latency_aggregates: what one (device, class, egress port) measured since
 * the previous poll. Packets, sum and histogram are deltas; min and max are the data plane's
 * running extremes at poll time (null while it has counted no packet).
 */
public final class LatencyAggregate {

    private final Instant polledAt;
    private final DeviceId deviceId;
    private final int latencyClass;
    private final int port;
    private final long packets;
    private final long sumNanos;
    private final Long minNanos;
    private final Long maxNanos;
    private final long[] histogram;

    private LatencyAggregate(Instant polledAt, DeviceId deviceId, int latencyClass, int port, long packets,
                             long sumNanos, Long minNanos, Long maxNanos, long[] histogram) {
        this.polledAt = checkNotNull(polledAt);
        this.deviceId = checkNotNull(deviceId);
        checkArgument(packets >= 0 && sumNanos >= 0, "negative delta: %s packets, %s ns", packets, sumNanos);
        this.latencyClass = latencyClass;
        this.port = port;
        this.packets = packets;
        this.sumNanos = sumNanos;
        this.minNanos = minNanos;
        this.maxNanos = maxNanos;
        this.histogram = checkNotNull(histogram).clone();
    }

    /**
     * Creates a row.
     *
     * @param polledAt     poll time
     * @param deviceId     device
     * @param latencyClass class code
     * @param port         egress port
     * @param packets      packets since the previous poll
     * @param sumNanos     latency sum of those packets, ns
     * @param minNanos     running minimum, ns, or null
     * @param maxNanos     running maximum, ns, or null
     * @param histogram    per-bucket packets since the previous poll
     * @return the row
     */
    public static LatencyAggregate of(Instant polledAt, DeviceId deviceId, int latencyClass, int port, long packets,
                                      long sumNanos, Long minNanos, Long maxNanos, long... histogram) {
        return new LatencyAggregate(polledAt, deviceId, latencyClass, port, packets, sumNanos, minNanos, maxNanos,
                                    histogram);
    }

    public Instant polledAt() {
        return polledAt;
    }

    public DeviceId deviceId() {
        return deviceId;
    }

    public int latencyClass() {
        return latencyClass;
    }

    public int port() {
        return port;
    }

    public long packets() {
        return packets;
    }

    public long sumNanos() {
        return sumNanos;
    }

    public Long minNanos() {
        return minNanos;
    }

    public Long maxNanos() {
        return maxNanos;
    }

    /** Histogram deltas (a copy). */
    public long[] histogram() {
        return histogram.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LatencyAggregate)) {
            return false;
        }
        LatencyAggregate that = (LatencyAggregate) o;
        return latencyClass == that.latencyClass && port == that.port && packets == that.packets
                && sumNanos == that.sumNanos && polledAt.equals(that.polledAt) && deviceId.equals(that.deviceId)
                && Objects.equals(minNanos, that.minNanos) && Objects.equals(maxNanos, that.maxNanos)
                && Arrays.equals(histogram, that.histogram);
    }

    @Override
    public int hashCode() {
        return Objects.hash(polledAt, deviceId, latencyClass, port, packets, sumNanos, minNanos, maxNanos)
                * 31 + Arrays.hashCode(histogram);
    }

    @Override
    public String toString() {
        return "LatencyAggregate{" + deviceId + " class " + latencyClass + " port " + port + " at " + polledAt
                + ": " + packets + " packets, " + sumNanos + " ns, min " + minNanos + ", max " + maxNanos
                + ", histogram " + Arrays.toString(histogram) + '}';
    }
}
