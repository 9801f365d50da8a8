// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The traffic a policy applies to. Every dimension can be a wildcard: the ::/0 prefixes, no
 * next header, the full port ranges, and no ingress ports (every edge port).
 */
public final class Apn6Match {

    public static final Ip6Prefix ANY_PREFIX = Ip6Prefix.valueOf("::/0");

    private final Ip6Prefix source;
    private final Ip6Prefix destination;
    private final Integer nextHeader;
    private final PortRange sourcePorts;
    private final PortRange destinationPorts;
    private final Set<ConnectPoint> ingressPorts;

    private Apn6Match(Builder b) {
        this.source = b.source;
        this.destination = b.destination;
        this.nextHeader = b.nextHeader;
        this.sourcePorts = b.sourcePorts;
        this.destinationPorts = b.destinationPorts;
        this.ingressPorts = ImmutableSet.copyOf(b.ingressPorts);
    }

    public static Builder builder() {
        return new Builder();
    }

    public Ip6Prefix source() {
        return source;
    }

    public Ip6Prefix destination() {
        return destination;
    }

    public Optional<Integer> nextHeader() {
        return Optional.ofNullable(nextHeader);
    }

    public PortRange sourcePorts() {
        return sourcePorts;
    }

    public PortRange destinationPorts() {
        return destinationPorts;
    }

    /** Ingress edge ports; empty means every edge port. */
    public Set<ConnectPoint> ingressPorts() {
        return ingressPorts;
    }

    /**
     * Whether some packet matches both.
     *
     * @param other another match
     * @return true if they intersect in every dimension
     */
    public boolean intersects(Apn6Match other) {
        return prefixesIntersect(source, other.source) && prefixesIntersect(destination, other.destination)
                && (nextHeader == null || other.nextHeader == null || nextHeader.equals(other.nextHeader))
                && sourcePorts.intersects(other.sourcePorts) && destinationPorts.intersects(other.destinationPorts)
                && (ingressPorts.isEmpty() || other.ingressPorts.isEmpty()
                || ingressPorts.stream().anyMatch(other.ingressPorts::contains));
    }

    /**
     * Whether every packet other matches also matches this.
     *
     * @param other another match
     * @return true if this covers other in every dimension
     */
    public boolean covers(Apn6Match other) {
        return source.contains(other.source) && destination.contains(other.destination)
                && (nextHeader == null || nextHeader.equals(other.nextHeader))
                && sourcePorts.covers(other.sourcePorts) && destinationPorts.covers(other.destinationPorts)
                && (ingressPorts.isEmpty()
                || !other.ingressPorts.isEmpty() && ingressPorts.containsAll(other.ingressPorts));
    }

    private static boolean prefixesIntersect(Ip6Prefix a, Ip6Prefix b) {
        return a.contains(b) || b.contains(a);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Apn6Match)) {
            return false;
        }
        Apn6Match m = (Apn6Match) o;
        return source.equals(m.source) && destination.equals(m.destination)
                && Objects.equals(nextHeader, m.nextHeader) && sourcePorts.equals(m.sourcePorts)
                && destinationPorts.equals(m.destinationPorts) && ingressPorts.equals(m.ingressPorts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(source, destination, nextHeader, sourcePorts, destinationPorts, ingressPorts);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("source", source).add("destination", destination)
                .add("nextHeader", nextHeader).add("sourcePorts", sourcePorts)
                .add("destinationPorts", destinationPorts).add("ingressPorts", ingressPorts).toString();
    }

    /** Builds a match; unset dimensions are wildcards. */
    public static final class Builder {
        private Ip6Prefix source = ANY_PREFIX;
        private Ip6Prefix destination = ANY_PREFIX;
        private Integer nextHeader;
        private PortRange sourcePorts = PortRange.ANY;
        private PortRange destinationPorts = PortRange.ANY;
        private Set<ConnectPoint> ingressPorts = ImmutableSet.of();

        public Builder source(Ip6Prefix prefix) {
            this.source = checkNotNull(prefix);
            return this;
        }

        public Builder destination(Ip6Prefix prefix) {
            this.destination = checkNotNull(prefix);
            return this;
        }

        /**
         * Sets the upper-layer protocol (IPv6 Next Header).
         *
         * @param value 0..255
         * @return this builder
         */
        public Builder nextHeader(int value) {
            if (value < 0 || value > 255) {
                throw new IllegalArgumentException("nextHeader must be 0..255, got " + value);
            }
            this.nextHeader = value;
            return this;
        }

        public Builder sourcePorts(PortRange range) {
            this.sourcePorts = checkNotNull(range);
            return this;
        }

        public Builder destinationPorts(PortRange range) {
            this.destinationPorts = checkNotNull(range);
            return this;
        }

        public Builder ingressPorts(Set<ConnectPoint> ports) {
            this.ingressPorts = checkNotNull(ports);
            return this;
        }

        public Apn6Match build() {
            return new Apn6Match(this);
        }
    }
}
