// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.link;

import com.google.common.collect.ImmutableMap;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.ConnectPoint;

import java.util.LinkedHashMap;
import java.util.Map;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A simulated cable between two ports, carrying a link each way. Its annotations (latency,
 * bandwidth, metric...) go on both links. A link that is not durable is one ONOS discovered (by
 * LLDP): it vanishes (LINK_REMOVED) while it cannot carry traffic and is found again (LINK_ADDED)
 * when it can. A durable one (configured) stays, INACTIVE meanwhile (LINK_UPDATED).
 */
public final class LinkSpec {

    private final ConnectPoint one;
    private final ConnectPoint two;
    private final Map<String, String> annotations;
    private final boolean durable;

    private LinkSpec(Builder builder) {
        this.one = builder.one;
        this.two = builder.two;
        this.annotations = ImmutableMap.copyOf(builder.annotations);
        this.durable = builder.durable;
    }

    /**
     * Starts a cable between two ports.
     *
     * @param one one end, e.g. device:beijing/1
     * @param two the other end
     * @return a builder
     */
    public static Builder between(String one, String two) {
        checkNotNull(one, "Link end cannot be null");
        checkNotNull(two, "Link end cannot be null");
        return between(ConnectPoint.deviceConnectPoint(one), ConnectPoint.deviceConnectPoint(two));
    }

    /**
     * Starts a cable between two ports.
     *
     * @param one one end
     * @param two the other end
     * @return a builder
     */
    public static Builder between(ConnectPoint one, ConnectPoint two) {
        return new Builder(one, two);
    }

    /**
     * Returns one end.
     *
     * @return the end given first
     */
    public ConnectPoint one() {
        return one;
    }

    /**
     * Returns the other end.
     *
     * @return the end given second
     */
    public ConnectPoint two() {
        return two;
    }

    /**
     * Returns the annotations both links carry.
     *
     * @return annotations by key
     */
    public Map<String, String> annotations() {
        return annotations;
    }

    /**
     * Tells whether the links are durable (configured) rather than discovered.
     *
     * @return true if durable
     */
    public boolean durable() {
        return durable;
    }

    @Override
    public String toString() {
        return one + " <-> " + two;
    }

    /** Builds a {@link LinkSpec}. */
    public static final class Builder {
        private final ConnectPoint one;
        private final ConnectPoint two;
        private final Map<String, String> annotations = new LinkedHashMap<>();
        private boolean durable;

        private Builder(ConnectPoint one, ConnectPoint two) {
            this.one = checkNotNull(one, "Link end cannot be null");
            this.two = checkNotNull(two, "Link end cannot be null");
            checkArgument(!one.equals(two), "A link cannot connect %s to itself", one);
        }

        /**
         * Sets the links' latency annotation.
         *
         * @param latency e.g. 5 (the unit is the reader's: ONOS's apps read milliseconds or nanoseconds)
         * @return this builder
         */
        public Builder latency(double latency) {
            checkArgument(latency >= 0, "Latency cannot be negative: %s", latency);
            return annotation(AnnotationKeys.LATENCY, String.valueOf(latency));
        }

        /**
         * Sets the links' bandwidth annotation.
         *
         * @param mbps bandwidth in Mbps
         * @return this builder
         */
        public Builder bandwidth(double mbps) {
            checkArgument(mbps >= 0, "Bandwidth cannot be negative: %s", mbps);
            return annotation(AnnotationKeys.BANDWIDTH, String.valueOf(mbps));
        }

        /**
         * Sets the links' metric annotation.
         *
         * @param metric the metric, not negative
         * @return this builder
         */
        public Builder metric(double metric) {
            checkArgument(metric >= 0, "Metric cannot be negative: %s", metric);
            return annotation(AnnotationKeys.METRIC, String.valueOf(metric));
        }

        /**
         * Sets an annotation of both links.
         *
         * @param key   its key
         * @param value its value
         * @return this builder
         */
        public Builder annotation(String key, String value) {
            checkNotNull(key, "Annotation key cannot be null");
            checkNotNull(value, "Value of annotation %s cannot be null", key);
            annotations.put(key, value);
            return this;
        }

        /**
         * Makes the links durable (configured) or discovered; they are discovered unless told otherwise.
         *
         * @param isDurable true for durable
         * @return this builder
         */
        public Builder durable(boolean isDurable) {
            this.durable = isDurable;
            return this;
        }

        /**
         * Builds the cable.
         *
         * @return the spec
         */
        public LinkSpec build() {
            return new LinkSpec(this);
        }
    }
}
