// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet;

import org.junit.Test;
import org.onlab.packet.Data;
import org.onlab.packet.IPv6;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.UDP;

import java.nio.ByteBuffer;
import java.util.Random;

import static org.junit.Assert.assertEquals;

/**
 * The checksum against ONOS's own UDP serializer (org.onlab.packet.UDP over IPv6 computes one over
 * the pseudo-header), and the one case where they differ on purpose: a sum of 0 is sent as 0xffff.
 */
public class UdpChecksumTest {

    private static final Ip6Address SOURCE = Ip6Address.valueOf("2001:db8:1::10");
    private static final Ip6Address DESTINATION = Ip6Address.valueOf("2001:db8:99::1");

    @Test
    public void agreesWithOnosOnDatagramsOfEveryLengthParity() {
        Random random = new Random(32);
        for (int length = 0; length <= 40; length++) {
            byte[] payload = new byte[length];
            random.nextBytes(payload);
            byte[] datagram = onosDatagram(payload);
            int onos = ByteBuffer.wrap(datagram).getShort(6) & 0xffff;
            datagram[6] = 0;
            datagram[7] = 0;
            // Two bytes in front of the datagram: the offset is honoured.
            byte[] frame = new byte[datagram.length + 2];
            System.arraycopy(datagram, 0, frame, 2, datagram.length);
            assertEquals("payload of " + length, onos, UdpChecksum.of(SOURCE, DESTINATION, frame, 2, datagram.length));
        }
    }

    @Test
    public void aZeroSumIsSentAsAllOnes() {
        byte[] datagram = onosDatagram(new byte[2]);
        int onos = ByteBuffer.wrap(datagram).getShort(6) & 0xffff;
        // Adding the checksum ONOS found to the payload's zero word makes the complement sum 0xffff.
        datagram[6] = 0;
        datagram[7] = 0;
        datagram[8] = (byte) (onos >>> 8);
        datagram[9] = (byte) onos;
        assertEquals(0xffff, UdpChecksum.of(SOURCE, DESTINATION, datagram, 0, datagram.length));
        assertEquals(0, ByteBuffer.wrap(onosDatagram(new byte[]{datagram[8], datagram[9]})).getShort(6));
    }

    /** A UDP datagram as ONOS writes it inside IPv6, its checksum computed by ONOS. */
    private static byte[] onosDatagram(byte[] payload) {
        UDP udp = new UDP();
        udp.setSourcePort(40000);
        udp.setDestinationPort(2152);
        udp.setPayload(new Data(payload));
        IPv6 ip = new IPv6();
        ip.setSourceAddress(SOURCE.toOctets());
        ip.setDestinationAddress(DESTINATION.toOctets());
        ip.setNextHeader(IPv6.PROTOCOL_UDP);
        ip.setHopLimit((byte) 64);
        ip.setPayload(udp);
        byte[] packet = ip.serialize();
        byte[] datagram = new byte[packet.length - IPv6.FIXED_HEADER_LENGTH];
        System.arraycopy(packet, IPv6.FIXED_HEADER_LENGTH, datagram, 0, datagram.length);
        return datagram;
    }
}
