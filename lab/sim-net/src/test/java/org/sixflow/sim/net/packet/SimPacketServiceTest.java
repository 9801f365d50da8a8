// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.packet;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketInFilter;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.packet.PacketProcessor;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestNetworks;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.sim.net.TestNetworks.A;
import static org.sixflow.sim.net.TestNetworks.cp;

/**
 * Tests the packet service: injected packet-ins reach the processors in priority order, contexts
 * send packets out, packet-outs are recorded and heard, requests are kept.
 */
public class SimPacketServiceTest {

    private static final ApplicationId APP = new DefaultApplicationId(7, "org.sixflow.test");

    private SimNetwork network;
    private SimPacketService packets;
    private final List<String> seen = new CopyOnWriteArrayList<>();

    @Before
    public void setUp() {
        network = TestNetworks.twoSwitches();
        packets = network.packetService();
    }

    @After
    public void tearDown() {
        network.close();
    }

    private static byte[] frame() {
        Ethernet eth = new Ethernet();
        eth.setSourceMACAddress(MacAddress.valueOf("00:00:00:00:01:10"));
        eth.setDestinationMACAddress(MacAddress.BROADCAST);
        eth.setEtherType((short) 0x88b5);
        eth.setPayload(new org.onlab.packet.Data(new byte[]{1, 2, 3, 4}));
        return eth.serialize();
    }

    private PacketProcessor named(String name) {
        return context -> seen.add(name);
    }

    @Test
    public void processorsSeePacketInsInPriorityOrder() {
        packets.addProcessor(named("observer"), PacketProcessor.observer(1));
        packets.addProcessor(named("director"), PacketProcessor.director(1));
        packets.addProcessor(named("advisor"), PacketProcessor.advisor(0));
        packets.addProcessor(named("director first"), PacketProcessor.director(0));
        PacketContext context = packets.inject(cp("device:a/3"), frame());
        assertEquals(List.of("advisor", "director first", "director", "observer"), seen);
        assertEquals(cp("device:a/3"), context.inPacket().receivedFrom());
        assertEquals(MacAddress.valueOf("00:00:00:00:01:10"), context.inPacket().parsed().getSourceMAC());
        assertArrayEquals(frame(), context.inPacket().unparsed().array());
        assertEquals(4, packets.getProcessors().size());
        assertEquals(1, packets.getProcessors().get(0).invocations());
        packets.removeProcessor(packets.getProcessors().get(0).processor());
        assertEquals(3, packets.getProcessors().size());
    }

    @Test
    public void packetInsCarryTheirCookie() {
        List<Optional<Long>> cookies = new ArrayList<>();
        packets.addProcessor(context -> cookies.add(context.inPacket().cookie()), PacketProcessor.director(0));
        packets.inject(cp("device:a/3"), frame(), Optional.of(0x20000L));
        packets.inject(cp("device:a/3"), frame());
        assertEquals(List.of(Optional.of(0x20000L), Optional.empty()), cookies);
    }

    @Test
    public void aContextSendsOnceAndNotWhenBlocked() {
        packets.addProcessor(context -> {
            context.treatmentBuilder().setOutput(PortNumber.portNumber(2));
            context.send();
            context.send();
        }, PacketProcessor.director(0));
        PacketContext context = packets.inject(cp("device:a/3"), frame());
        assertTrue(context.isHandled());
        List<OutboundPacket> sent = packets.emitted();
        assertEquals(1, sent.size());
        assertEquals(A, sent.get(0).sendThrough());
        assertEquals(Instructions.createOutput(PortNumber.portNumber(2)),
                     sent.get(0).treatment().allInstructions().get(0));
        packets.clearEmitted();
        packets.addProcessor(PacketContext::block, PacketProcessor.advisor(0));
        packets.inject(cp("device:a/3"), frame());
        assertTrue(packets.emitted().isEmpty());
    }

    @Test
    public void packetOutsAreHeardOrDroppedAsTheirSwitchIs() {
        List<OutboundPacket> heard = new CopyOnWriteArrayList<>();
        PacketEmitListener listener = heard::add;
        packets.addEmitListener(listener);
        OutboundPacket out = new DefaultOutboundPacket(A, null, ByteBuffer.wrap(frame()));
        packets.emit(out);
        assertEquals(List.of(out), heard);
        network.setDeviceAvailable(A, false);
        packets.emit(out);
        assertEquals(1, heard.size());
        assertEquals(1, packets.droppedCount());
        packets.removeEmitListener(listener);
        network.setDeviceAvailable(A, true);
        packets.emit(out);
        assertEquals(1, heard.size());
        assertEquals(2, packets.emitted().size());
    }

    @Test
    public void requestsAreKeptUntilCancelled() {
        TrafficSelector selector = DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_IPV6).build();
        packets.requestPackets(selector, PacketPriority.CONTROL, APP);
        packets.requestPackets(selector, PacketPriority.CONTROL, APP);
        assertEquals(1, packets.getRequests().size());
        assertEquals(APP, packets.getRequests().get(0).appId());
        packets.cancelPackets(selector, PacketPriority.CONTROL, APP);
        assertTrue(packets.getRequests().isEmpty());
    }

    @Test
    public void filtersCanDropPacketIns() {
        packets.addProcessor(named("director"), PacketProcessor.director(0));
        PacketInFilter deny = new PacketInFilter() {
            @Override
            public FilterAction preProcess(PacketContext context) {
                return FilterAction.PACKET_DENY;
            }

            @Override
            public String name() {
                return "deny";
            }

            @Override
            public int pendingPackets() {
                return 0;
            }

            @Override
            public int droppedPackets() {
                return 0;
            }

            @Override
            public void setPps(int pps) {
            }

            @Override
            public void setWinSize(int winSize) {
            }

            @Override
            public void setGuardTime(int guardTime) {
            }

            @Override
            public void setWinThres(int winThres) {
            }

            @Override
            public void stop() {
            }
        };
        packets.addFilter(deny);
        packets.inject(cp("device:a/3"), frame());
        assertTrue(seen.isEmpty());
        packets.clearFilters();
        packets.inject(cp("device:a/3"), frame());
        assertEquals(List.of("director"), seen);
    }

    @Test
    public void badPacketInsAreRefusedClearly() {
        try {
            packets.inject(cp("device:a/9"), frame());
            fail("no such port");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("device:a/9"));
        }
        try {
            packets.inject(cp("device:a/1"), new byte[]{1, 2});
            fail("no Ethernet frame");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("device:a/1"));
        }
        network.setDeviceAvailable(A, false);
        try {
            packets.inject(cp("device:a/1"), frame());
            fail("a disconnected switch sends nothing");
        } catch (IllegalStateException e) {
            assertFalse(e.getMessage().isEmpty());
        }
    }
}
