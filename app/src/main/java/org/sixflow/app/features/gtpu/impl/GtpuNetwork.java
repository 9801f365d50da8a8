// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What tunnels are checked against, read once: the devices ONOS knows, those that are Sixflow's
 * (a Sixflow pipeconf and a valid sixflow netcfg) with their pipeconf, locator and SID behaviour
 * codes, and the hosts' addresses.
 */
public final class GtpuNetwork {

    private final Set<DeviceId> known;
    private final Map<DeviceId, Router> routers;
    private final Map<Ip6Address, HostId> hosts;

    /**
     * Creates the view.
     *
     * @param known   every device ONOS knows
     * @param routers the Sixflow devices among them
     * @param hosts   the hosts' IPv6 addresses
     */
    public GtpuNetwork(Set<DeviceId> known, Map<DeviceId, Router> routers, Map<Ip6Address, HostId> hosts) {
        this.known = ImmutableSet.copyOf(known);
        this.routers = ImmutableMap.copyOf(routers);
        this.hosts = ImmutableMap.copyOf(hosts);
    }

    /**
     * Tells whether ONOS knows a device.
     *
     * @param device the device
     * @return true if known
     */
    public boolean isKnown(DeviceId device) {
        return known.contains(device);
    }

    /**
     * Returns a Sixflow device.
     *
     * @param device the device
     * @return it, if it runs a Sixflow pipeconf and has a valid sixflow netcfg
     */
    public Optional<Router> router(DeviceId device) {
        return Optional.ofNullable(routers.get(device));
    }

    /**
     * Returns the host that has an address.
     *
     * @param address an address
     * @return the host, if one has it
     */
    public Optional<HostId> hostOf(Ip6Address address) {
        return Optional.ofNullable(hosts.get(address));
    }

    /** A Sixflow device as tunnels see it. */
    public static final class Router {
        private final DeviceId id;
        private final PiPipeconfId pipeconf;
        private final boolean fullChecksum;
        private final Ip6Prefix locator;
        private final Set<Long> sidFunctionCodes;

        /**
         * Creates it.
         *
         * @param id               the device
         * @param pipeconf         its pipeconf
         * @param fullChecksum     whether its target computes a full UDP checksum (not Tofino)
         * @param locator          its /64 locator
         * @param sidFunctionCodes the behaviour codes of its SIDs (the upper 16 bits of their Function)
         */
        public Router(DeviceId id, PiPipeconfId pipeconf, boolean fullChecksum, Ip6Prefix locator,
                      Set<Long> sidFunctionCodes) {
            this.id = id;
            this.pipeconf = pipeconf;
            this.fullChecksum = fullChecksum;
            this.locator = locator;
            this.sidFunctionCodes = ImmutableSet.copyOf(sidFunctionCodes);
        }

        public DeviceId id() {
            return id;
        }

        public PiPipeconfId pipeconf() {
            return pipeconf;
        }

        /** Whether the target computes a full UDP checksum at deparse time. */
        public boolean fullChecksum() {
            return fullChecksum;
        }

        public Ip6Prefix locator() {
            return locator;
        }

        /**
         * Tells whether an address is one of the device's SIDs, now or for a tree to come: inside
         * its locator, with a Function whose upper 16 bits are one of its behaviour codes.
         *
         * @param address an address inside the locator
         * @return true if it is in the SID space
         */
        public boolean isSid(Ip6Address address) {
            if (!locator.contains(address)) {
                return false;
            }
            byte[] octets = address.toOctets();
            long code = (octets[8] & 0xffL) << 8 | octets[9] & 0xffL;
            return sidFunctionCodes.contains(code);
        }
    }
}
