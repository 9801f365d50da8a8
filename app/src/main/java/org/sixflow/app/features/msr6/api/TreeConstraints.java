// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;

import java.util.Objects;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Limits a tree must respect, and the link metric it is computed with. Zero means no limit.
 */
public final class TreeConstraints {

    /** What a link costs. */
    public enum Metric {
        /** Every link 1. */
        HOPS,
        /** The link's "latency" annotation (ONOS AnnotationKeys.LATENCY); 1 when absent. */
        LATENCY,
        /** The link's "metric" annotation (ONOS AnnotationKeys.METRIC); 1 when absent. */
        COST
    }

    public static final TreeConstraints NONE = new TreeConstraints(0, 0, ImmutableSet.of(), ImmutableSet.of(), 0,
                                                                   Metric.HOPS);

    private final int maxHops;
    private final double maxCost;
    private final Set<DeviceId> excludedDevices;
    private final Set<ConnectPoint> excludedPorts;
    private final double minBandwidthMbps;
    private final Metric metric;

    private TreeConstraints(int maxHops, double maxCost, Set<DeviceId> excludedDevices,
                            Set<ConnectPoint> excludedPorts, double minBandwidthMbps, Metric metric) {
        this.maxHops = maxHops;
        this.maxCost = maxCost;
        this.excludedDevices = excludedDevices;
        this.excludedPorts = excludedPorts;
        this.minBandwidthMbps = minBandwidthMbps;
        this.metric = metric;
    }

    /**
     * Creates constraints.
     *
     * @param maxHops          most links from the source to any receiver (0: no limit)
     * @param maxCost          most total cost of the tree in the metric (0: no limit)
     * @param excludedDevices  devices the tree must avoid
     * @param excludedPorts    ports whose links the tree must avoid
     * @param minBandwidthMbps least "bandwidth" annotation a link needs (0: no limit)
     * @param metric           link metric
     * @return the constraints
     */
    public static TreeConstraints of(int maxHops, double maxCost, Set<DeviceId> excludedDevices,
                                     Set<ConnectPoint> excludedPorts, double minBandwidthMbps, Metric metric) {
        checkArgument(maxHops >= 0, "maxHops must not be negative");
        checkArgument(maxCost >= 0, "maxCost must not be negative");
        checkArgument(minBandwidthMbps >= 0, "minBandwidthMbps must not be negative");
        return new TreeConstraints(maxHops, maxCost, ImmutableSet.copyOf(excludedDevices),
                                   ImmutableSet.copyOf(excludedPorts), minBandwidthMbps, checkNotNull(metric));
    }

    public int maxHops() {
        return maxHops;
    }

    public double maxCost() {
        return maxCost;
    }

    public Set<DeviceId> excludedDevices() {
        return excludedDevices;
    }

    public Set<ConnectPoint> excludedPorts() {
        return excludedPorts;
    }

    public double minBandwidthMbps() {
        return minBandwidthMbps;
    }

    public Metric metric() {
        return metric;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof TreeConstraints)) {
            return false;
        }
        TreeConstraints c = (TreeConstraints) o;
        return maxHops == c.maxHops && maxCost == c.maxCost && minBandwidthMbps == c.minBandwidthMbps
                && excludedDevices.equals(c.excludedDevices) && excludedPorts.equals(c.excludedPorts)
                && metric == c.metric;
    }

    @Override
    public int hashCode() {
        return Objects.hash(maxHops, maxCost, excludedDevices, excludedPorts, minBandwidthMbps, metric);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("maxHops", maxHops).add("maxCost", maxCost)
                .add("excludedDevices", excludedDevices).add("excludedPorts", excludedPorts)
                .add("minBandwidthMbps", minBandwidthMbps).add("metric", metric).toString();
    }
}
