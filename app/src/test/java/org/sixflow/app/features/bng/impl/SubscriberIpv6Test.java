// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The BNG's own IPv6 answers against scapy's packets for the same exchange (ipv6-scapy.txt,
 * lab/pppoe/ipv6_frames.py): the Router Advertisement, DHCPv6 prefix delegation from Solicit to
 * Release byte for byte, the session frame around them; then what is refused or ignored.
 */
public class SubscriberIpv6Test {

    private static final MacAddress BNG_MAC = MacAddress.valueOf("02:00:00:00:0b:01");
    private static final Ip6Prefix LAN64 = Ip6Prefix.valueOf("fd33:0:0:2::/64");
    private static final Ip6Prefix DELEGATED = Ip6Prefix.valueOf("fd33:100:0:200::/56");
    private static final Map<String, byte[]> SCAPY = scapy();

    private static Map<String, byte[]> scapy() {
        Map<String, byte[]> packets = new HashMap<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                SubscriberIpv6Test.class.getResourceAsStream("ipv6-scapy.txt"), StandardCharsets.US_ASCII))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.startsWith("#")) {
                    String[] parts = line.split(" ");
                    packets.put(parts[0], CapturedFrames.hex(parts[1]));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return packets;
    }

    /** A packet of ipv6-scapy.txt by name. */
    static byte[] scapy(String name) {
        return SCAPY.get(name).clone();
    }

    /** A session as the relay gives it: records what is sent, installed and removed. */
    private static final class FakeLink implements SubscriberIpv6.Link {
        final List<byte[]> sent = new ArrayList<>();
        final List<Ip6Prefix> installed = new ArrayList<>();
        final List<Ip6Prefix> removed = new ArrayList<>();
        Ip6Prefix lan64 = LAN64;
        Ip6Prefix delegatable = DELEGATED;
        boolean refuse;

        @Override
        public MacAddress bngMac() {
            return BNG_MAC;
        }

        @Override
        public Optional<Ip6Prefix> lan64() {
            return Optional.ofNullable(lan64);
        }

        @Override
        public Optional<Ip6Prefix> delegatable() {
            return Optional.ofNullable(delegatable);
        }

        @Override
        public void send(byte[] ipv6) {
            sent.add(ipv6);
        }

        @Override
        public boolean install(Ip6Prefix delegated) {
            if (refuse) {
                return false;
            }
            installed.add(delegated);
            return true;
        }

        @Override
        public void uninstall(Ip6Prefix delegated) {
            removed.add(delegated);
        }

        byte[] last() {
            return sent.get(sent.size() - 1);
        }
    }

    private final FakeLink link = new FakeLink();
    private final SubscriberIpv6 ipv6 = new SubscriberIpv6();
    private long now = 1_000_000;

    private Optional<String> receive(String name) throws MalformedFrameException {
        now += 10;
        return ipv6.receive(scapy(name), now, link);
    }

    @Test
    public void linkLocalIsTheModifiedEui64OfTheMac() {
        assertEquals(Ip6Address.valueOf("fe80::ff:fe00:b01"), org.sixflow.app.packet.icmpv6.RouterAddresses.linkLocal(BNG_MAC));
        assertEquals(Ip6Address.valueOf("fe80::2aa:ff:fe00:b01"),
                     org.sixflow.app.packet.icmpv6.RouterAddresses.linkLocal(MacAddress.valueOf("00:aa:00:00:0b:01")));
    }

    @Test
    public void routerSolicitationIsAnsweredWithScapysAdvertisement() throws Exception {
        assertEquals(Optional.empty(), receive("rs"));
        assertArrayEquals(scapy("ra"), link.last());
        now += SubscriberIpv6.MIN_RA_GAP_MILLIS;
        assertEquals(Optional.empty(), receive("rs-unspecified"));
        assertEquals(2, link.sent.size());
        // Within RFC 4861's 3 s of the last RA: not answered again.
        assertTrue(receive("rs").get().contains("within"));
        assertEquals(2, link.sent.size());
    }

    @Test
    public void theAdvertisementSitsInTheSessionFrameAsScapyPutsIt() {
        byte[] frame = PppoeFrame.session(MacAddress.valueOf("52:54:00:5f:00:01"), BNG_MAC, 100, 11, 1, 0x0057,
                                          scapy("ra"));
        assertArrayEquals(scapy("ra-frame"), frame);
    }

    @Test
    public void advertisementsAtUpAndPeriodically() {
        ipv6.advertise(now, link);
        assertArrayEquals(scapy("ra"), link.last());
        ipv6.tick(now + SubscriberIpv6.RA_INTERVAL_MILLIS - 1, link);
        assertEquals(1, link.sent.size());
        ipv6.tick(now + SubscriberIpv6.RA_INTERVAL_MILLIS, link);
        assertEquals(2, link.sent.size());
        link.lan64 = null;
        ipv6.advertise(now + 2 * SubscriberIpv6.RA_INTERVAL_MILLIS, link);
        assertEquals("nothing to advertise before the session's IPv6 is up", 2, link.sent.size());
    }

    @Test
    public void prefixDelegationFromSolicitToReleaseAsScapyWritesIt() throws Exception {
        assertEquals(Optional.empty(), receive("solicit"));
        assertArrayEquals(scapy("advertise"), link.last());
        assertTrue("an Advertise binds nothing", link.installed.isEmpty());
        assertEquals(Optional.empty(), ipv6.delegated());

        assertEquals(Optional.empty(), receive("request"));
        assertArrayEquals(scapy("reply"), link.last());
        assertEquals(List.of(DELEGATED), link.installed);
        assertEquals(Optional.of(DELEGATED), ipv6.delegated());

        assertEquals(Optional.empty(), receive("renew"));
        assertArrayEquals(scapy("reply-renew"), link.last());
        assertEquals(Optional.empty(), receive("rebind"));
        assertArrayEquals(scapy("reply-rebind"), link.last());
        assertEquals("renewing installs nothing again", 1, link.installed.size());

        assertEquals(Optional.empty(), receive("release"));
        assertArrayEquals(scapy("reply-release"), link.last());
        assertEquals(List.of(DELEGATED), link.removed);
        assertEquals(Optional.empty(), ipv6.delegated());
    }

    @Test
    public void rapidCommitBindsAtOnce() throws Exception {
        assertEquals(Optional.empty(), receive("solicit-rapid"));
        assertArrayEquals(scapy("reply-rapid"), link.last());
        assertEquals(List.of(DELEGATED), link.installed);
    }

    @Test
    public void anIaNaIsToldPrefixesOnly() throws Exception {
        assertEquals(Optional.empty(), receive("solicit-na"));
        assertArrayEquals(scapy("advertise-na"), link.last());
    }

    @Test
    public void informationRequestIsAnswered() throws Exception {
        assertEquals(Optional.empty(), receive("info-request"));
        assertArrayEquals(scapy("reply-info"), link.last());
    }

    @Test
    public void noConfiguredPrefixIsNoPrefixAvail() throws Exception {
        link.delegatable = null;
        assertEquals(Optional.empty(), receive("solicit"));
        assertArrayEquals(scapy("advertise-none"), link.last());
    }

    @Test
    public void aRefusedInstallIsNotDelegated() throws Exception {
        link.refuse = true;
        assertEquals(Optional.empty(), receive("request"));
        Dhcpv6Message reply = Dhcpv6Message.read(java.util.Arrays.copyOfRange(link.last(), 48, link.last().length));
        assertEquals(Dhcpv6Message.REPLY, reply.type);
        byte[] iaPd = reply.option(Dhcpv6Message.OPTION_IA_PD).get().value;
        List<Dhcpv6Message.Option> inside = Dhcpv6Message.options(iaPd, 12, iaPd.length);
        assertEquals(Dhcpv6Message.OPTION_STATUS_CODE, inside.get(0).code);
        assertEquals(Dhcpv6Message.STATUS_NO_PREFIX_AVAIL, inside.get(0).value[1]);
        assertEquals(Optional.empty(), ipv6.delegated());
    }

    @Test
    public void anotherServersRequestIsIgnored() throws Exception {
        assertTrue(receive("request-other-server").get().contains("another server"));
        assertTrue(link.sent.isEmpty());
        assertTrue(link.installed.isEmpty());
    }

    @Test
    public void clientMessagesTheServerMustNotAnswer() throws Exception {
        // A server's own messages, and a Solicit carrying a Server Identifier (RFC 8415 16.2).
        for (String name : new String[] {"advertise", "reply"}) {
            byte[] turned = scapy(name);
            // Sent towards the server port so that it reads as a client message of that type.
            java.nio.ByteBuffer.wrap(turned).putShort(40, (short) 546).putShort(42, (short) 547);
            fixUdpChecksum(turned);
            assertTrue(name, ipv6.receive(turned, now, link).isPresent());
        }
        byte[] solicit = scapy("request");
        solicit[48] = Dhcpv6Message.SOLICIT;
        fixUdpChecksum(solicit);
        assertTrue(ipv6.receive(solicit, now, link).get().contains("Server Identifier"));
        assertTrue(link.sent.isEmpty());
    }

    @Test
    public void theLeaseExpiresWithoutARenew() throws Exception {
        receive("request");
        ipv6.tick(now + PrefixDelegationServer.VALID * 1000L - 1, link);
        assertTrue(link.removed.isEmpty());
        ipv6.tick(now + PrefixDelegationServer.VALID * 1000L, link);
        assertEquals(List.of(DELEGATED), link.removed);
        ipv6.end(link);
        assertEquals("removed once", 1, link.removed.size());
    }

    @Test
    public void theSessionsEndRemovesTheDelegation() throws Exception {
        receive("request");
        ipv6.end(link);
        assertEquals(List.of(DELEGATED), link.removed);
    }

    @Test
    public void otherIpv6IsNotTheBngs() throws Exception {
        assertEquals(Optional.of(SubscriberIpv6.NOT_FOR_BNG), receive("echo"));
        assertTrue(link.sent.isEmpty());
    }

    @Test
    public void malformedSolicitationsAndDhcpv6AreRefused() {
        byte[] badChecksum = scapy("rs");
        badChecksum[42] ^= 1;
        byte[] hopLimit = scapy("rs");
        hopLimit[7] = 64;
        byte[] udpLength = scapy("solicit");
        udpLength[45] += 2;
        byte[] zeroChecksum = scapy("solicit");
        zeroChecksum[46] = 0;
        zeroChecksum[47] = 0;
        byte[] cutOption = scapy("solicit");
        cutOption = java.util.Arrays.copyOf(cutOption, cutOption.length - 3);
        java.nio.ByteBuffer.wrap(cutOption).putShort(4, (short) (cutOption.length - 40))
                .putShort(44, (short) (cutOption.length - 40));
        fixUdpChecksum(cutOption);
        byte[] payloadPast = scapy("rs");
        payloadPast[5] += 8;
        byte[] notIpv6 = scapy("rs");
        notIpv6[0] = 0x45;
        for (byte[] bad : new byte[][] {badChecksum, hopLimit, udpLength, zeroChecksum, cutOption, payloadPast,
                notIpv6, new byte[39]}) {
            try {
                ipv6.receive(bad, now, link);
                fail("accepted " + java.util.Arrays.toString(bad));
            } catch (MalformedFrameException e) {
                assertFalse(e.getMessage().isEmpty());
            }
        }
        assertTrue(link.sent.isEmpty());
    }

    /** Recomputes the UDP checksum of a packet built by scapy and edited here. */
    private static void fixUdpChecksum(byte[] packet) {
        int length = packet.length - 40;
        java.nio.ByteBuffer.wrap(packet).putShort(46, (short) 0);
        int checksum = org.sixflow.app.packet.Ipv6Checksum.of(
                Ip6Address.valueOf(java.util.Arrays.copyOfRange(packet, 8, 24)),
                Ip6Address.valueOf(java.util.Arrays.copyOfRange(packet, 24, 40)), 17, packet, 40, length);
        java.nio.ByteBuffer.wrap(packet).putShort(46, (short) checksum);
    }
}
