// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import org.onlab.packet.Ip6Address;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * How an experiment class's packets look, so that they hit that class's entries: an IPv6/UDP
 * packet from source to destination with these ports (e.g. to an MSR6 group address, or with
 * the destination port an APN6 policy matches). The probe's identity travels in the IPv6 traffic
 * class and flow label, which every Sixflow header operation keeps.
 */
public final class ProbePacket {

    /** Hop limit when none is given. */
    public static final int DEFAULT_HOP_LIMIT = 64;
    /** UDP ports when none are given. */
    public static final int DEFAULT_SOURCE_PORT = 40000;
    public static final int DEFAULT_DESTINATION_PORT = 5004;

    private final Ip6Address source;
    private final Ip6Address destination;
    private final int sourcePort;
    private final int destinationPort;
    private final int hopLimit;

    private ProbePacket(Ip6Address source, Ip6Address destination, int sourcePort, int destinationPort,
                        int hopLimit) {
        this.source = checkNotNull(source, "source");
        this.destination = checkNotNull(destination, "destination");
        this.sourcePort = sourcePort;
        this.destinationPort = destinationPort;
        this.hopLimit = hopLimit;
    }

    /**
     * Creates a packet description (ranges are checked by the experiment's validation).
     *
     * @param source          IPv6 source address
     * @param destination     IPv6 destination address (unicast, or an MSR6 group)
     * @param sourcePort      UDP source port
     * @param destinationPort UDP destination port
     * @param hopLimit        IPv6 hop limit
     * @return the description
     */
    public static ProbePacket of(Ip6Address source, Ip6Address destination, int sourcePort, int destinationPort,
                                 int hopLimit) {
        return new ProbePacket(source, destination, sourcePort, destinationPort, hopLimit);
    }

    public Ip6Address source() {
        return source;
    }

    public Ip6Address destination() {
        return destination;
    }

    public int sourcePort() {
        return sourcePort;
    }

    public int destinationPort() {
        return destinationPort;
    }

    public int hopLimit() {
        return hopLimit;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ProbePacket)) {
            return false;
        }
        ProbePacket p = (ProbePacket) o;
        return source.equals(p.source) && destination.equals(p.destination) && sourcePort == p.sourcePort
                && destinationPort == p.destinationPort && hopLimit == p.hopLimit;
    }

    @Override
    public int hashCode() {
        return Objects.hash(source, destination, sourcePort, destinationPort, hopLimit);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("source", source).add("destination", destination)
                .add("sourcePort", sourcePort).add("destinationPort", destinationPort).add("hopLimit", hopLimit)
                .toString();
    }
}
