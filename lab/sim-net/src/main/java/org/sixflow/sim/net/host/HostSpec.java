// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.host;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.HostId;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A simulated host: its MAC and VLAN (which make its id), addresses, where it is attached and
 * its annotations.
 */
public final class HostSpec {

    private final MacAddress mac;
    private final VlanId vlan;
    private final Set<IpAddress> ips;
    private final Set<ConnectPoint> locations;
    private final Map<String, String> annotations;
    private final boolean configured;

    private HostSpec(Builder builder) {
        this.mac = builder.mac;
        this.vlan = builder.vlan;
        this.ips = ImmutableSet.copyOf(builder.ips);
        this.locations = ImmutableSet.copyOf(builder.locations);
        this.annotations = ImmutableMap.copyOf(builder.annotations);
        this.configured = builder.configured;
    }

    /**
     * Starts a host.
     *
     * @param mac its MAC, e.g. 00:00:00:00:01:10
     * @return a builder
     */
    public static Builder builder(String mac) {
        checkNotNull(mac, "Host MAC cannot be null");
        return builder(MacAddress.valueOf(mac));
    }

    /**
     * Starts a host.
     *
     * @param mac its MAC
     * @return a builder
     */
    public static Builder builder(MacAddress mac) {
        return new Builder(checkNotNull(mac, "Host MAC cannot be null"));
    }

    /**
     * Returns the host's id, from its MAC and VLAN.
     *
     * @return id
     */
    public HostId id() {
        return HostId.hostId(mac, vlan);
    }

    /**
     * Returns the host's MAC.
     *
     * @return MAC
     */
    public MacAddress mac() {
        return mac;
    }

    /**
     * Returns the host's VLAN, NONE when untagged.
     *
     * @return VLAN
     */
    public VlanId vlan() {
        return vlan;
    }

    /**
     * Returns the host's IP addresses.
     *
     * @return addresses
     */
    public Set<IpAddress> ips() {
        return ips;
    }

    /**
     * Returns where the host is attached, at least one port.
     *
     * @return its ports
     */
    public Set<ConnectPoint> locations() {
        return locations;
    }

    /**
     * Returns the host's annotations.
     *
     * @return annotations by key
     */
    public Map<String, String> annotations() {
        return annotations;
    }

    /**
     * Tells whether the host is configured (from netcfg) rather than learnt.
     *
     * @return true if configured
     */
    public boolean configured() {
        return configured;
    }

    /** Builds a {@link HostSpec}. */
    public static final class Builder {
        private final MacAddress mac;
        private VlanId vlan = VlanId.NONE;
        private final Set<IpAddress> ips = new LinkedHashSet<>();
        private final Set<ConnectPoint> locations = new LinkedHashSet<>();
        private final Map<String, String> annotations = new LinkedHashMap<>();
        private boolean configured;

        private Builder(MacAddress mac) {
            this.mac = mac;
        }

        /**
         * Sets the host's VLAN; it is untagged unless told otherwise.
         *
         * @param vlanId the VLAN
         * @return this builder
         */
        public Builder vlan(VlanId vlanId) {
            this.vlan = checkNotNull(vlanId, "VLAN cannot be null");
            return this;
        }

        /**
         * Adds an IP address.
         *
         * @param ip e.g. fd00:1:1::10 or 10.0.1.10
         * @return this builder
         */
        public Builder ip(String ip) {
            checkNotNull(ip, "IP address cannot be null");
            return ip(IpAddress.valueOf(ip));
        }

        /**
         * Adds an IP address.
         *
         * @param ip the address
         * @return this builder
         */
        public Builder ip(IpAddress ip) {
            ips.add(checkNotNull(ip, "IP address cannot be null"));
            return this;
        }

        /**
         * Adds a port the host is attached to.
         *
         * @param location e.g. device:beijing/3
         * @return this builder
         */
        public Builder location(String location) {
            checkNotNull(location, "Host location cannot be null");
            return location(ConnectPoint.deviceConnectPoint(location));
        }

        /**
         * Adds a port the host is attached to.
         *
         * @param location the port
         * @return this builder
         */
        public Builder location(ConnectPoint location) {
            locations.add(checkNotNull(location, "Host location cannot be null"));
            return this;
        }

        /**
         * Sets the host's name annotation.
         *
         * @param name e.g. h_bj
         * @return this builder
         */
        public Builder name(String name) {
            return annotation(AnnotationKeys.NAME, name);
        }

        /**
         * Sets an annotation.
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
         * Marks the host configured (from netcfg) or learnt; it is learnt unless told otherwise.
         *
         * @param isConfigured true for configured
         * @return this builder
         */
        public Builder configured(boolean isConfigured) {
            this.configured = isConfigured;
            return this;
        }

        /**
         * Builds the host.
         *
         * @return the spec
         * @throws IllegalArgumentException if the host has no location
         */
        public HostSpec build() {
            checkArgument(!locations.isEmpty(), "Host %s needs at least one location", HostId.hostId(mac, vlan));
            return new HostSpec(this);
        }
    }
}
