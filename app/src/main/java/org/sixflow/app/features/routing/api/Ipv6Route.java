// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.api;

import com.google.common.base.MoreObjects;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.util.List;
import java.util.Objects;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One IPv6 unicast route of a device: a {@code routing_v6} entry that sends packets for a
 * prefix out of a port, rewriting the source MAC to the router's and the destination MAC to
 * the next hop's (a neighbouring router, or the host itself at its edge). A route over several
 * equal-cost next hops (ECMP) lists them all in {@link #nextHops()}; its port and next-hop MAC are
 * the first of them, which it takes where there is no ECMP.
 */
public final class Ipv6Route {

    /** Where a route's prefix comes from. */
    public enum Kind {
        /** A host's address (/128): at the host's edge it points at the host. */
        HOST,
        /** The subnet of an interface configured on an edge port (netcfg "interfaces"). */
        SUBNET,
        /**
         * A prefix a router delegates to a customer router (its sixflow netcfg "delegations"):
         * only on the delegating router and the routers between them.
         */
        DELEGATED,
        /** A device's locator /64, which holds all of its SIDs. */
        LOCATOR,
        /** A prefix a router originates beside its locator (its sixflow netcfg "aggregates"). */
        AGGREGATE
    }

    /** Where the route's entry stands on its device. */
    public enum State {
        /** Wanted, not yet confirmed by the device. */
        REQUESTED,
        /** The device holds the entry. */
        INSTALLED,
        /** The device refused the entry. */
        FAILED
    }

    /** One of a route's equal-cost next hops: where it sends a packet and to which MAC. */
    public static final class NextHop {
        private final PortNumber port;
        private final MacAddress mac;

        private NextHop(PortNumber port, MacAddress mac) {
            this.port = checkNotNull(port, "port");
            this.mac = checkNotNull(mac, "mac");
        }

        /**
         * Creates a next hop.
         *
         * @param port egress port
         * @param mac  destination MAC written on the packet
         * @return the next hop
         */
        public static NextHop of(PortNumber port, MacAddress mac) {
            return new NextHop(port, mac);
        }

        public PortNumber port() {
            return port;
        }

        public MacAddress mac() {
            return mac;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof NextHop && port.equals(((NextHop) o).port) && mac.equals(((NextHop) o).mac);
        }

        @Override
        public int hashCode() {
            return Objects.hash(port, mac);
        }

        @Override
        public String toString() {
            return port + "/" + mac;
        }
    }

    private final DeviceId deviceId;
    private final Ip6Prefix prefix;
    private final Kind kind;
    private final PortNumber port;
    private final MacAddress sourceMac;
    private final MacAddress nextHopMac;
    private final List<NextHop> nextHops;
    private final State state;

    private Ipv6Route(DeviceId deviceId, Ip6Prefix prefix, Kind kind, PortNumber port, MacAddress sourceMac,
                      MacAddress nextHopMac, List<NextHop> nextHops, State state) {
        this.deviceId = checkNotNull(deviceId, "device");
        this.prefix = checkNotNull(prefix, "prefix");
        this.kind = checkNotNull(kind, "kind");
        this.port = checkNotNull(port, "port");
        this.sourceMac = checkNotNull(sourceMac, "sourceMac");
        this.nextHopMac = checkNotNull(nextHopMac, "nextHopMac");
        this.state = checkNotNull(state, "state");
        this.nextHops = nextHops == null ? List.of(NextHop.of(port, nextHopMac)) : List.copyOf(nextHops);
        checkArgument(this.nextHops.get(0).equals(NextHop.of(port, nextHopMac)),
                      "the first next hop must be the route's port and next-hop MAC");
    }

    /**
     * Creates a route in state {@link State#REQUESTED}.
     *
     * @param deviceId   the device that holds the entry
     * @param prefix     destination prefix
     * @param kind       where the prefix comes from
     * @param port       egress port
     * @param sourceMac  source MAC written on the packet (the router's)
     * @param nextHopMac destination MAC written on the packet (next router or host)
     * @return the route
     */
    public static Ipv6Route of(DeviceId deviceId, Ip6Prefix prefix, Kind kind, PortNumber port,
                               MacAddress sourceMac, MacAddress nextHopMac) {
        return new Ipv6Route(deviceId, prefix, kind, port, sourceMac, nextHopMac, null, State.REQUESTED);
    }

    /**
     * Creates a route over equal-cost next hops in state {@link State#REQUESTED}; its port and
     * next-hop MAC are the first one's.
     *
     * @param deviceId  the device that holds the entry
     * @param prefix    destination prefix
     * @param kind      where the prefix comes from
     * @param sourceMac source MAC written on the packet (the router's)
     * @param nextHops  one or more next hops, the one to take without ECMP first
     * @return the route
     */
    public static Ipv6Route of(DeviceId deviceId, Ip6Prefix prefix, Kind kind, MacAddress sourceMac,
                               List<NextHop> nextHops) {
        checkArgument(!nextHops.isEmpty(), "a route needs a next hop");
        checkArgument(Set.copyOf(nextHops).size() == nextHops.size(), "next hops repeat: %s", nextHops);
        return new Ipv6Route(deviceId, prefix, kind, nextHops.get(0).port(), sourceMac, nextHops.get(0).mac(),
                             nextHops, State.REQUESTED);
    }

    /**
     * Returns this route in another state.
     *
     * @param newState the state
     * @return a copy
     */
    public Ipv6Route withState(State newState) {
        return new Ipv6Route(deviceId, prefix, kind, port, sourceMac, nextHopMac, nextHops, newState);
    }

    public DeviceId deviceId() {
        return deviceId;
    }

    public Ip6Prefix prefix() {
        return prefix;
    }

    public Kind kind() {
        return kind;
    }

    public PortNumber port() {
        return port;
    }

    public MacAddress sourceMac() {
        return sourceMac;
    }

    public MacAddress nextHopMac() {
        return nextHopMac;
    }

    /**
     * Returns the route's equal-cost next hops: one, or (ECMP) several, the route's own port and
     * next-hop MAC first.
     *
     * @return the next hops
     */
    public List<NextHop> nextHops() {
        return nextHops;
    }

    public State state() {
        return state;
    }

    /**
     * Tells whether two routes forward the same way (same device, prefix, next hops and MACs),
     * whatever their kind and state.
     *
     * @param other another route
     * @return true if the entries would be identical
     */
    public boolean sameEntry(Ipv6Route other) {
        return deviceId.equals(other.deviceId) && prefix.equals(other.prefix) && port.equals(other.port)
                && sourceMac.equals(other.sourceMac) && nextHopMac.equals(other.nextHopMac)
                && nextHops.equals(other.nextHops);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Ipv6Route)) {
            return false;
        }
        Ipv6Route that = (Ipv6Route) o;
        return sameEntry(that) && kind == that.kind && state == that.state;
    }

    @Override
    public int hashCode() {
        return Objects.hash(deviceId, prefix, kind, port, sourceMac, nextHopMac, nextHops, state);
    }

    @Override
    public String toString() {
        MoreObjects.ToStringHelper text = MoreObjects.toStringHelper(this).add("device", deviceId)
                .add("prefix", prefix).add("kind", kind).add("port", port).add("sourceMac", sourceMac)
                .add("nextHopMac", nextHopMac);
        if (nextHops.size() > 1) {
            text.add("nextHops", nextHops);
        }
        return text.add("state", state).toString();
    }
}
