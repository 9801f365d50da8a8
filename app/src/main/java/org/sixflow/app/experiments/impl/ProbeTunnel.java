// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyClass;

import java.util.List;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What a run needs to know of a GTP-U tunnel (the contract's model, as the tunnel service holds
 * it) to check that a class's probes exercise it: where it encapsulates and decapsulates, the UE
 * prefixes its downlink takes, the N3 address and uplink TEID its uplink G-PDUs carry, the latency
 * class its checksum mode makes of downlink packets, and whether it is installed.
 */
final class ProbeTunnel {

    /** The state of a tunnel whose entries are on its devices. */
    static final String INSTALLED = "INSTALLED";

    private final String id;
    private final String state;
    private final List<Ip6Prefix> uePrefixes;
    private final Ip6Address n3Address;
    private final long uplinkTeid;
    private final LatencyClass encapClass;
    private final DeviceId decapDevice;
    private final Set<DeviceId> encapDevices;

    private ProbeTunnel(String id, String state, List<Ip6Prefix> uePrefixes, Ip6Address n3Address, long uplinkTeid,
                        LatencyClass encapClass, DeviceId decapDevice, Set<DeviceId> encapDevices) {
        this.id = checkNotNull(id, "id");
        this.state = checkNotNull(state, "state");
        this.uePrefixes = ImmutableList.copyOf(uePrefixes);
        this.n3Address = checkNotNull(n3Address, "n3Address");
        this.uplinkTeid = uplinkTeid;
        checkArgument(encapClass == LatencyClass.GTPU_ENCAP_ZERO || encapClass == LatencyClass.GTPU_ENCAP_FULL
                              || encapClass == LatencyClass.GTPU_ENCAP_INCREMENTAL,
                      "%s is no GTP-U encapsulation class", encapClass);
        this.encapClass = encapClass;
        this.decapDevice = checkNotNull(decapDevice, "decapDevice");
        this.encapDevices = ImmutableSet.copyOf(encapDevices);
    }

    /**
     * Describes a tunnel.
     *
     * @param id           its id
     * @param state        its state as the tunnel service names it (REQUESTED, INSTALLED, FAILED)
     * @param uePrefixes   the UE prefixes its downlink encapsulates
     * @param n3Address    the local N3 address
     * @param uplinkTeid   the TEID uplink G-PDUs carry
     * @param encapClass   how its downlink packets are measured: gtpu-encap-zero, -full or
     *                     -incremental by its checksum mode
     * @param decapDevice  the device holding the N3 address
     * @param encapDevices the devices that encapsulate its downlink
     * @return the description
     */
    static ProbeTunnel of(String id, String state, List<Ip6Prefix> uePrefixes, Ip6Address n3Address, long uplinkTeid,
                          LatencyClass encapClass, DeviceId decapDevice, Set<DeviceId> encapDevices) {
        return new ProbeTunnel(id, state, uePrefixes, n3Address, uplinkTeid, encapClass, decapDevice, encapDevices);
    }

    String id() {
        return id;
    }

    String state() {
        return state;
    }

    boolean installed() {
        return INSTALLED.equals(state);
    }

    List<Ip6Prefix> uePrefixes() {
        return uePrefixes;
    }

    Ip6Address n3Address() {
        return n3Address;
    }

    long uplinkTeid() {
        return uplinkTeid;
    }

    LatencyClass encapClass() {
        return encapClass;
    }

    DeviceId decapDevice() {
        return decapDevice;
    }

    Set<DeviceId> encapDevices() {
        return encapDevices;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("id", id).add("state", state).add("uePrefixes", uePrefixes)
                .add("n3Address", n3Address).add("uplinkTeid", uplinkTeid).add("encapClass", encapClass)
                .add("decapDevice", decapDevice).add("encapDevices", encapDevices).toString();
    }
}
