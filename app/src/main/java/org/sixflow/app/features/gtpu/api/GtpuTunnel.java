// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.DeviceId;
import org.sixflow.app.packet.gtpu.GtpuHeader;

import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * One UE session's pair of GTP-U tunnels between this network (the UPF side, holding the N3
 * address) and a peer (gNB): downlink packets to the UE prefixes are encapsulated towards the
 * peer on the encap devices; uplink G-PDUs to the N3 address with the uplink TEID are
 * decapsulated on the decap device. The counter index (the P4 tunnel_id) is the cluster's to
 * assign when the tunnel is stored; a tunnel asked for has none.
 */
public final class GtpuTunnel {

    /** The registered UDP port of GTP-U (TS 29.281 section 4.4.2), the data plane's GTPU_UDP_PORT. */
    public static final int UDP_PORT = GtpuHeader.UDP_PORT;
    /** Most UE prefixes one tunnel takes. */
    public static final int MAX_UE_PREFIXES = 16;
    /** Largest TEID: 32 bits. */
    public static final long MAX_TEID = GtpuHeader.MAX_TEID;
    /** Largest QFI: 6 bits. */
    public static final int MAX_QFI = 63;
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");
    private static final int NO_INDEX = -1;

    private final String id;
    private final Set<Ip6Prefix> uePrefixes;
    private final Ip6Address n3Address;
    private final Ip6Address peerAddress;
    private final long downlinkTeid;
    private final long uplinkTeid;
    private final Integer qfi;
    private final GtpuChecksumMode checksumMode;
    private final boolean acceptZeroChecksum;
    private final DeviceId decapDevice;
    private final Set<DeviceId> encapDevices;
    private final int counterIndex;

    private GtpuTunnel(Builder b, Set<Ip6Prefix> uePrefixes, Set<DeviceId> encapDevices) {
        this.id = b.id;
        this.uePrefixes = uePrefixes;
        this.n3Address = b.n3Address;
        this.peerAddress = b.peerAddress;
        this.downlinkTeid = b.downlinkTeid;
        this.uplinkTeid = b.uplinkTeid;
        this.qfi = b.qfi;
        this.checksumMode = b.checksumMode;
        this.acceptZeroChecksum = b.acceptZeroChecksum;
        this.decapDevice = b.decapDevice;
        this.encapDevices = encapDevices;
        this.counterIndex = b.counterIndex;
    }

    /** Starts a tunnel. */
    public static Builder builder() {
        return new Builder();
    }

    /** Tunnel id: 1-32 lower-case letters, digits, dashes. */
    public String id() {
        return id;
    }

    /** The UE's prefixes: downlink packets to them enter the tunnel. */
    public Set<Ip6Prefix> uePrefixes() {
        return uePrefixes;
    }

    /** The local N3 address: the outer source of downlink packets, the destination of uplink ones. */
    public Ip6Address n3Address() {
        return n3Address;
    }

    /** The peer's address: the outer destination of downlink packets. */
    public Ip6Address peerAddress() {
        return peerAddress;
    }

    /** The TEID the peer allocated, carried by the packets this network encapsulates. */
    public long downlinkTeid() {
        return downlinkTeid;
    }

    /** The TEID this network allocated, carried by uplink G-PDUs to the N3 address. */
    public long uplinkTeid() {
        return uplinkTeid;
    }

    /** The QoS Flow Identifier; with one, downlink packets carry a PDU Session Container. */
    public Optional<Integer> qfi() {
        return Optional.ofNullable(qfi);
    }

    /** How downlink packets get their outer UDP checksum. */
    public GtpuChecksumMode checksumMode() {
        return checksumMode;
    }

    /** Whether the N3 address accepts uplink datagrams with a zero UDP checksum (RFC 6936). */
    public boolean acceptZeroChecksum() {
        return acceptZeroChecksum;
    }

    /** The device holding the N3 address, which decapsulates uplink packets. */
    public DeviceId decapDevice() {
        return decapDevice;
    }

    /** Where downlink packets to the UE prefixes are encapsulated. */
    public Set<DeviceId> encapDevices() {
        return encapDevices;
    }

    /** The P4 tunnel_id indexing the tunnel counters, once the cluster assigned one. */
    public OptionalInt counterIndex() {
        return counterIndex == NO_INDEX ? OptionalInt.empty() : OptionalInt.of(counterIndex);
    }

    /**
     * Returns this tunnel with a counter index.
     *
     * @param index 0.. the counters' size - 1
     * @return the tunnel with the index
     */
    public GtpuTunnel withCounterIndex(int index) {
        return toBuilder().counterIndex(index).build();
    }

    /** The tunnel as the user asked for it, without a counter index. */
    public GtpuTunnel withoutCounterIndex() {
        return toBuilder().counterIndex(NO_INDEX).build();
    }

    private Builder toBuilder() {
        return builder().id(id).uePrefixes(uePrefixes).n3Address(n3Address).peerAddress(peerAddress)
                .downlinkTeid(downlinkTeid).uplinkTeid(uplinkTeid).qfi(qfi).checksumMode(checksumMode)
                .acceptZeroChecksum(acceptZeroChecksum).decapDevice(decapDevice).encapDevices(encapDevices)
                .counterIndex(counterIndex);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof GtpuTunnel)) {
            return false;
        }
        GtpuTunnel t = (GtpuTunnel) o;
        return id.equals(t.id) && uePrefixes.equals(t.uePrefixes) && n3Address.equals(t.n3Address)
                && peerAddress.equals(t.peerAddress) && downlinkTeid == t.downlinkTeid && uplinkTeid == t.uplinkTeid
                && Objects.equals(qfi, t.qfi) && checksumMode == t.checksumMode
                && acceptZeroChecksum == t.acceptZeroChecksum && decapDevice.equals(t.decapDevice)
                && encapDevices.equals(t.encapDevices) && counterIndex == t.counterIndex;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, uePrefixes, n3Address, peerAddress, downlinkTeid, uplinkTeid, qfi, checksumMode,
                            acceptZeroChecksum, decapDevice, encapDevices, counterIndex);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("id", id).add("uePrefixes", uePrefixes)
                .add("n3Address", n3Address).add("peerAddress", peerAddress).add("downlinkTeid", downlinkTeid)
                .add("uplinkTeid", uplinkTeid).add("qfi", qfi).add("checksumMode", checksumMode)
                .add("acceptZeroChecksum", acceptZeroChecksum).add("decapDevice", decapDevice)
                .add("encapDevices", encapDevices).add("counterIndex", counterIndex().isPresent() ? counterIndex : null)
                .toString();
    }

    /**
     * Builds a tunnel; {@link #build()} checks every field and names the one that is wrong.
     * encapDevices defaults to the decap device, checksumMode to ZERO.
     */
    public static final class Builder {
        private String id;
        private Collection<Ip6Prefix> uePrefixes;
        private Ip6Address n3Address;
        private Ip6Address peerAddress;
        private long downlinkTeid;
        private long uplinkTeid;
        private Integer qfi;
        private GtpuChecksumMode checksumMode = GtpuChecksumMode.ZERO;
        private boolean acceptZeroChecksum;
        private DeviceId decapDevice;
        private Collection<DeviceId> encapDevices;
        private int counterIndex = NO_INDEX;

        private Builder() {
        }

        public Builder id(String value) {
            this.id = value;
            return this;
        }

        public Builder uePrefixes(Collection<Ip6Prefix> value) {
            this.uePrefixes = value;
            return this;
        }

        public Builder n3Address(Ip6Address value) {
            this.n3Address = value;
            return this;
        }

        public Builder peerAddress(Ip6Address value) {
            this.peerAddress = value;
            return this;
        }

        public Builder downlinkTeid(long value) {
            this.downlinkTeid = value;
            return this;
        }

        public Builder uplinkTeid(long value) {
            this.uplinkTeid = value;
            return this;
        }

        /**
         * Sets the QFI.
         *
         * @param value 0..63, or null for none
         * @return this builder
         */
        public Builder qfi(Integer value) {
            this.qfi = value;
            return this;
        }

        public Builder checksumMode(GtpuChecksumMode value) {
            this.checksumMode = value;
            return this;
        }

        public Builder acceptZeroChecksum(boolean value) {
            this.acceptZeroChecksum = value;
            return this;
        }

        public Builder decapDevice(DeviceId value) {
            this.decapDevice = value;
            return this;
        }

        /**
         * Sets the encap devices.
         *
         * @param value devices, or null or empty for the decap device alone
         * @return this builder
         */
        public Builder encapDevices(Collection<DeviceId> value) {
            this.encapDevices = value;
            return this;
        }

        /**
         * Sets the counter index (the cluster's to assign; requests leave it out).
         *
         * @param value 0.., or -1 for none
         * @return this builder
         */
        public Builder counterIndex(int value) {
            this.counterIndex = value;
            return this;
        }

        /**
         * Builds the tunnel.
         *
         * @return the tunnel
         * @throws IllegalArgumentException naming the field that is wrong
         */
        public GtpuTunnel build() {
            checkArgument(id != null, "id is required");
            checkArgument(ID.matcher(id).matches(), "id \"%s\" must be 1-32 lower-case letters, digits or dashes", id);
            checkArgument(uePrefixes != null && !uePrefixes.isEmpty(), "uePrefixes: at least one IPv6 prefix is required");
            checkArgument(uePrefixes.size() <= MAX_UE_PREFIXES, "uePrefixes: at most %s prefixes, got %s",
                          MAX_UE_PREFIXES, uePrefixes.size());
            for (Ip6Prefix prefix : uePrefixes) {
                checkArgument(prefix != null, "uePrefixes: a prefix is missing");
                checkArgument(prefix.prefixLength() > 0, "uePrefixes: %s would take every packet", prefix);
                checkArgument(!prefix.address().isMulticast() && !prefix.address().isLinkLocal(),
                              "uePrefixes: %s is not a global unicast prefix", prefix);
            }
            Set<Ip6Prefix> prefixes = ImmutableSet.copyOf(uePrefixes);
            checkArgument(prefixes.size() == uePrefixes.size(), "uePrefixes: a prefix is listed twice");
            checkAddress("n3Address", n3Address);
            checkAddress("peerAddress", peerAddress);
            checkArgument(!peerAddress.equals(n3Address), "peerAddress must differ from n3Address %s", n3Address);
            checkArgument(downlinkTeid >= 1 && downlinkTeid <= MAX_TEID, "downlinkTeid must be 1..%s, got %s",
                          MAX_TEID, downlinkTeid);
            checkArgument(uplinkTeid >= 1 && uplinkTeid <= MAX_TEID, "uplinkTeid must be 1..%s, got %s",
                          MAX_TEID, uplinkTeid);
            checkArgument(qfi == null || qfi >= 0 && qfi <= MAX_QFI, "qfi must be 0..%s, got %s", MAX_QFI, qfi);
            checkArgument(checksumMode != null, "checksumMode is required: ZERO, FULL or INCREMENTAL");
            checkArgument(decapDevice != null, "decapDevice is required");
            Set<DeviceId> encap = encapDevices == null || encapDevices.isEmpty() ? ImmutableSet.of(decapDevice)
                    : ImmutableSet.copyOf(encapDevices);
            checkArgument(encapDevices == null || encapDevices.isEmpty() || encap.size() == encapDevices.size(),
                          "encapDevices: a device is listed twice");
            checkArgument(counterIndex >= NO_INDEX, "counterIndex must be 0 or more, got %s", counterIndex);
            return new GtpuTunnel(this, prefixes, encap);
        }

        private static void checkAddress(String field, Ip6Address address) {
            checkArgument(address != null, "%s is required", field);
            checkArgument(!address.isZero() && !address.isMulticast() && !address.isLinkLocal()
                                  && !address.equals(Ip6Address.valueOf("::1")),
                          "%s %s is not a global unicast IPv6 address", field, address);
        }
    }
}
