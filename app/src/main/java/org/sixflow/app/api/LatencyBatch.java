// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import org.onosproject.net.DeviceId;

import java.time.Instant;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A summary of the latency samples of one class that a collector just took from a device.
 */
public final class LatencyBatch implements TelemetrySubject {

    private final DeviceId deviceId;
    private final LatencyClass latencyClass;
    private final Instant time;
    private final long count;
    private final double meanNanos;

    private LatencyBatch(DeviceId deviceId, LatencyClass latencyClass, Instant time, long count, double meanNanos) {
        this.deviceId = checkNotNull(deviceId);
        this.latencyClass = checkNotNull(latencyClass);
        this.time = checkNotNull(time);
        checkArgument(count > 0, "a batch has at least one sample, got %s", count);
        checkArgument(meanNanos >= 0, "negative mean latency %s ns", meanNanos);
        this.count = count;
        this.meanNanos = meanNanos;
    }

    /**
     * Creates a batch summary.
     *
     * @param deviceId     the measuring device
     * @param latencyClass the samples' class
     * @param time         when the batch was collected
     * @param count        how many samples
     * @param meanNanos    their mean latency, ns
     * @return the summary
     */
    public static LatencyBatch of(DeviceId deviceId, LatencyClass latencyClass, Instant time, long count,
                                  double meanNanos) {
        return new LatencyBatch(deviceId, latencyClass, time, count, meanNanos);
    }

    @Override
    public DeviceId deviceId() {
        return deviceId;
    }

    public LatencyClass latencyClass() {
        return latencyClass;
    }

    @Override
    public Instant time() {
        return time;
    }

    public long count() {
        return count;
    }

    public double meanNanos() {
        return meanNanos;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LatencyBatch)) {
            return false;
        }
        LatencyBatch that = (LatencyBatch) o;
        return count == that.count && Double.compare(meanNanos, that.meanNanos) == 0
                && deviceId.equals(that.deviceId) && latencyClass == that.latencyClass && time.equals(that.time);
    }

    @Override
    public int hashCode() {
        return Objects.hash(deviceId, latencyClass, time, count, meanNanos);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("device", deviceId).add("class", latencyClass)
                .add("time", time).add("count", count).add("meanNanos", meanNanos).toString();
    }
}
