// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.signalling;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.packet.gtpu.GtpuFrames;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The lab's routers as the signalling components see them (docker/netcfg.json: beijing
 * 00:aa:00:00:00:01, locator fd00:1:1::/64; nanjing 00:aa:00:00:00:03; lhasa has no Sixflow
 * configuration) and a peer gNB fd00:1:5::50 behind beijing/3 (packets are punted through
 * testing.PuntedPackets).
 */
final class SignallingFixture {

    static final ConnectPoint BEIJING_3 = ConnectPoint.deviceConnectPoint("device:beijing/3");
    static final ConnectPoint NANJING_2 = ConnectPoint.deviceConnectPoint("device:nanjing/2");
    static final ConnectPoint LHASA_3 = ConnectPoint.deviceConnectPoint("device:lhasa/3");
    static final String BEIJING_MAC = "00:aa:00:00:00:01";
    static final String PEER_MAC = "00:00:00:00:05:50";
    static final String PEER = "fd00:1:5::50";
    /** ue-1's N3 address, at beijing. */
    static final String N3 = "fd00:1:1::3:1";

    private SignallingFixture() {
    }

    /**
     * A tunnel between the peer and an N3 address: downlink TEID 0x101 (the peer's), uplink TEID 1
     * (ours).
     */
    static GtpuTunnel tunnel(String id, String n3, String device) {
        return GtpuTunnel.builder().id(id).uePrefixes(List.of(Ip6Prefix.valueOf("fd00:9:1::/64")))
                .n3Address(Ip6Address.valueOf(n3)).peerAddress(Ip6Address.valueOf(PEER))
                .downlinkTeid(0x101).uplinkTeid(1).decapDevice(DeviceId.deviceId(device)).counterIndex(0).build();
    }

    /** A GTP-U message from the peer (UDP port 40000) to an address at beijing. */
    static byte[] fromPeer(String destination, byte[] gtpu) {
        return GtpuFrames.udpFrame(BEIJING_MAC, PEER_MAC, PEER, destination, 40000, 2152, gtpu);
    }

    /** Every outcome at 0 but one. */
    static <E extends Enum<E>> Map<E, Long> counts(Class<E> type, E outcome, long n) {
        Map<E, Long> counts = new EnumMap<>(type);
        for (E o : type.getEnumConstants()) {
            counts.put(o, o == outcome ? n : 0L);
        }
        return counts;
    }
}
