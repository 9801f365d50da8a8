// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.DeserializationException;
import org.onlab.packet.Ethernet;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onlab.util.HexString;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketContextAdapter;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.sixflow.app.packet.icmpv6.RouterAdvertisement;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.ManualTimer;
import org.sixflow.app.testing.TestInterfaceService;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The advertiser on the lab (docker/netcfg.json: interfaces on beijing/3, nanjing/4, shanghai/3,
 * guangzhou/3, netcfg MTU 1500, links between the routers): RAs go out on those edge ports only,
 * byte for byte what RouterAdvertisement builds for the port, at RFC 4861's times; solicitations
 * are answered to the solicitor, or to all-nodes from ::, and malformed ones dropped and counted.
 */
public class RouterAdvertiserTest {

    private static final ConnectPoint BEIJING_3 = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final ConnectPoint BEIJING_1 = ConnectPoint.deviceConnectPoint("device:beijing/1");
    private static final List<ConnectPoint> EDGES = List.of(BEIJING_3,
            ConnectPoint.deviceConnectPoint("device:nanjing/4"), ConnectPoint.deviceConnectPoint("device:shanghai/3"),
            ConnectPoint.deviceConnectPoint("device:guangzhou/3"));
    private static final MacAddress BEIJING_MAC = MacAddress.valueOf("00:aa:00:00:00:01");
    /** From fe80::200:ff:fe00:110 (h_bj's MAC 00:00:00:00:01:10) to all-routers, with its link-layer address (scapy). */
    private static final String SOLICITATION = "33330000000200000000011086dd6000000000103afffe80000000000000020000fffe000110"
            + "ff0200000000000000000000000000028500790e000000000101000000000110";

    private final Packets packets = new Packets();
    private final ManualTimer timer = new ManualTimer();
    private final AtomicLong now = new AtomicLong(1_000_000);
    private final TestInterfaceService interfaces = TestInterfaceService.lab();
    private final LabNetwork lab = new LabNetwork();
    private final RouterAdvertiser advertiser = new RouterAdvertiser();

    private static final class Packets extends PacketServiceAdapter {
        PacketProcessor processor;
        final List<TrafficSelector> requested = new ArrayList<>();
        final List<OutboundPacket> emitted = new ArrayList<>();

        @Override
        public void addProcessor(PacketProcessor p, int prio) {
            processor = p;
        }

        @Override
        public void removeProcessor(PacketProcessor p) {
            processor = null;
        }

        @Override
        public void requestPackets(TrafficSelector selector, PacketPriority prio, ApplicationId appId) {
            requested.add(selector);
        }

        @Override
        public void emit(OutboundPacket packet) {
            emitted.add(packet);
        }
    }

    @Before
    public void setUp() {
        advertiser.packetService = packets;
        advertiser.interfaceService = interfaces;
        advertiser.configService = lab.netcfg;
        advertiser.linkService = lab.linkService;
        advertiser.mastershipService = new MastershipServiceAdapter() {
            @Override
            public boolean isLocalMaster(DeviceId deviceId) {
                return true;
            }
        };
        advertiser.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return RoutingManagerFixture.APP_ID;
            }
        };
        advertiser.componentConfigService = new ComponentConfigAdapter();
        advertiser.timer = timer;
        advertiser.millis = now::get;
        advertiser.random = new Random(11);
        advertiser.activate(null);
    }

    @After
    public void tearDown() {
        advertiser.deactivate();
    }

    private void advance(long millis) {
        // Time and timer move together, a tick at a time.
        for (long done = 0; done < millis; done += RouterAdvertiser.TICK_MILLIS) {
            now.addAndGet(RouterAdvertiser.TICK_MILLIS);
            timer.advance(Duration.ofMillis(RouterAdvertiser.TICK_MILLIS));
        }
    }

    private static byte[] bytes(OutboundPacket out) {
        ByteBuffer data = out.data().duplicate();
        byte[] bytes = new byte[data.remaining()];
        data.get(bytes);
        return bytes;
    }

    private static ConnectPoint port(OutboundPacket out) {
        return new ConnectPoint(out.sendThrough(),
                                ((Instructions.OutputInstruction) out.treatment().allInstructions().get(0)).port());
    }

    private List<OutboundPacket> sentOn(ConnectPoint port) {
        return packets.emitted.stream().filter(p -> port(p).equals(port)).collect(Collectors.toList());
    }

    private PacketContext receive(ConnectPoint port, byte[] frame) {
        Ethernet parsed;
        try {
            parsed = Ethernet.deserializer().deserialize(frame, 0, frame.length);
        } catch (DeserializationException e) {
            parsed = new Ethernet();
        }
        PacketContext context = new PacketContextAdapter(0, new DefaultInboundPacket(port, parsed,
                                                                                     ByteBuffer.wrap(frame)),
                new DefaultOutboundPacket(port.deviceId(), DefaultTrafficTreatment.emptyTreatment(),
                                          ByteBuffer.wrap(frame)), false);
        packets.processor.process(context);
        return context;
    }

    private static byte[] beijingRa(MacAddress dstMac, Ip6Address to) {
        return RouterAdvertisement.frame(BEIJING_MAC, dstMac, to, 1800, Optional.of(1500), List.of(
                new RouterAdvertisement.Prefix(Ip6Prefix.valueOf("fd00:1:1::/64"), 2592000, 604800)));
    }

    @Test
    public void everyEdgePortAdvertisesAtOnceAndNoLinkPortEver() {
        assertEquals(1, packets.requested.size());
        advance(RouterAdvertiser.TICK_MILLIS);
        assertEquals(EDGES, packets.emitted.stream().map(RouterAdvertiserTest::port).collect(Collectors.toList()));
        assertArrayEquals(beijingRa(RouterAdvertisement.ALL_NODES_MAC, RouterAdvertisement.ALL_NODES),
                          bytes(sentOn(BEIJING_3).get(0)));
        advance(3_600_000);
        assertTrue(packets.emitted.stream().allMatch(p -> EDGES.contains(port(p))));
        assertTrue(sentOn(BEIJING_1).isEmpty());
    }

    @Test
    public void theFirstThreeComeWithin16sThenBetweenMinAndMaxInterval() {
        advance(RouterAdvertiser.TICK_MILLIS);
        List<Long> times = new ArrayList<>();
        long start = now.get();
        int seen = sentOn(BEIJING_3).size();
        while (now.get() - start < 4 * 3_600_000L) {
            advance(RouterAdvertiser.TICK_MILLIS);
            if (sentOn(BEIJING_3).size() > seen) {
                seen = sentOn(BEIJING_3).size();
                times.add(now.get());
            }
        }
        List<Long> gaps = new ArrayList<>();
        long last = start;
        for (long t : times) {
            gaps.add(t - last);
            last = t;
        }
        // 1st after the first RA, 2nd: at most MAX_INITIAL_RTR_ADVERT_INTERVAL (16 s), a tick late at most.
        assertTrue(gaps.toString(), gaps.get(0) <= 16_000 + RouterAdvertiser.TICK_MILLIS);
        assertTrue(gaps.toString(), gaps.get(1) <= 16_000 + RouterAdvertiser.TICK_MILLIS);
        // Then uniform between MinRtrAdvInterval (0.33 x 600 = 198 s) and MaxRtrAdvInterval (600 s).
        for (long gap : gaps.subList(2, gaps.size())) {
            assertTrue(gaps.toString(), gap >= 198_000 && gap <= 600_000 + RouterAdvertiser.TICK_MILLIS);
        }
        assertTrue("not all the same: random", gaps.subList(2, gaps.size()).stream().distinct().count() > 3);
    }

    @Test
    public void aSolicitationWithASourceIsAnsweredToTheSolicitor() {
        advance(RouterAdvertiser.TICK_MILLIS);
        packets.emitted.clear();
        PacketContext context = receive(BEIJING_3, HexString.fromHexString(SOLICITATION, ""));
        assertTrue(context.isHandled());
        advance(RouterAdvertiser.MAX_RA_DELAY_TIME_MILLIS);
        List<OutboundPacket> sent = sentOn(BEIJING_3);
        assertEquals(1, sent.size());
        assertArrayEquals(beijingRa(MacAddress.valueOf("00:00:00:00:01:10"),
                                    Ip6Address.valueOf("fe80::200:ff:fe00:110")), bytes(sent.get(0)));
        assertEquals(1L, (long) advertiser.outcomes().get(RouterAdvertiser.Outcome.ANSWERED_UNICAST));
    }

    @Test
    public void aSolicitationFromTheUnspecifiedAddressGetsOneMulticastRaAtMostEvery3s() {
        byte[] fromNowhere = Arrays.copyOf(HexString.fromHexString(SOLICITATION, ""), 54 + 8);
        fromNowhere[19] = 8;
        Arrays.fill(fromNowhere, 22, 38, (byte) 0);
        // Its checksum over the pseudo-header from ::.
        fromNowhere[56] = 0;
        fromNowhere[57] = 0;
        int sum = org.sixflow.app.packet.icmpv6.Icmpv6Frame.checksum(Ip6Address.valueOf("::"),
                Ip6Address.valueOf("ff02::2"), fromNowhere, 54, 8);
        fromNowhere[56] = (byte) (sum >>> 8);
        fromNowhere[57] = (byte) sum;
        advance(RouterAdvertiser.TICK_MILLIS);
        packets.emitted.clear();
        // Right after the first RA: the answer waits for MIN_DELAY_BETWEEN_RAS.
        receive(BEIJING_3, fromNowhere);
        receive(BEIJING_3, fromNowhere);
        advance(2_500);
        assertTrue(sentOn(BEIJING_3).isEmpty());
        advance(1_000);
        assertEquals(1, sentOn(BEIJING_3).size());
        assertArrayEquals(beijingRa(RouterAdvertisement.ALL_NODES_MAC, RouterAdvertisement.ALL_NODES),
                          bytes(sentOn(BEIJING_3).get(0)));
    }

    @Test
    public void malformedSolicitationsAreDroppedAndCounted() {
        byte[] badHop = HexString.fromHexString(SOLICITATION, "");
        badHop[21] = 64;
        byte[] cut = Arrays.copyOf(HexString.fromHexString(SOLICITATION, ""), 60);
        advance(RouterAdvertiser.TICK_MILLIS);
        packets.emitted.clear();
        assertTrue(receive(BEIJING_3, badHop).isHandled());
        assertTrue(receive(BEIJING_3, cut).isHandled());
        advance(1_000);
        assertTrue(sentOn(BEIJING_3).isEmpty());
        assertEquals(2L, (long) advertiser.outcomes().get(RouterAdvertiser.Outcome.MALFORMED_SOLICITATION));
    }

    @Test
    public void aSolicitationOnALinkPortIsLeftAlone() {
        PacketContext context = receive(BEIJING_1, HexString.fromHexString(SOLICITATION, ""));
        assertFalse(context.isHandled());
        advance(1_000);
        assertTrue(sentOn(BEIJING_1).isEmpty());
    }
}
