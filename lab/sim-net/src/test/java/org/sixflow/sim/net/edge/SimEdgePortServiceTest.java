// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.edge;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.edge.EdgePortEvent;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.packet.OutboundPacket;
import org.sixflow.sim.net.EventRecorder;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestNetworks;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.sim.net.TestNetworks.A;
import static org.sixflow.sim.net.TestNetworks.B;
import static org.sixflow.sim.net.TestNetworks.cp;

/**
 * Tests the edge ports: every port of a connected device where no link ends, changing as links
 * and devices come and go.
 */
public class SimEdgePortServiceTest {

    private SimNetwork network;
    private SimEdgePortService edges;
    private final EventRecorder<EdgePortEvent> recorder = new EventRecorder<>();

    @Before
    public void setUp() {
        network = TestNetworks.twoSwitches();
        edges = network.edgePortService();
        edges.addListener(recorder::event);
    }

    @After
    public void tearDown() {
        network.close();
    }

    private Set<ConnectPoint> edgePoints() {
        return ImmutableSet.copyOf(edges.getEdgePoints());
    }

    @Test
    public void everyUncabledPortIsAnEdgePort() {
        assertEquals(6, edgePoints().size());
        assertTrue(edges.isEdgePoint(cp("device:a/1")));
        assertEquals(3, ImmutableList.copyOf(edges.getEdgePoints(B)).size());
    }

    @Test
    public void edgePortsChangeWithLinks() {
        network.addLink("device:a/1", "device:b/1");
        network.awaitEvents();
        assertEquals(List.of(EdgePortEvent.Type.EDGE_PORT_REMOVED, EdgePortEvent.Type.EDGE_PORT_REMOVED),
                     recorder.types());
        assertEquals(Set.of(cp("device:a/1"), cp("device:b/1")),
                     Set.of(recorder.events().get(0).subject(), recorder.events().get(1).subject()));
        assertFalse(edges.isEdgePoint(cp("device:a/1")));
        assertEquals(4, edgePoints().size());
        recorder.clear();
        network.setLinkUp(cp("device:a/1"), cp("device:b/1"), false);
        network.awaitEvents();
        // A discovered link that vanished leaves its ports edge ports, as in ONOS.
        assertEquals(List.of(EdgePortEvent.Type.EDGE_PORT_ADDED, EdgePortEvent.Type.EDGE_PORT_ADDED),
                     recorder.types());
        assertTrue(edges.isEdgePoint(cp("device:b/1")));
    }

    @Test
    public void aDisconnectedDeviceHasNoEdgePorts() {
        network.setDeviceAvailable(A, false);
        network.awaitEvents();
        assertEquals(3, recorder.events().size());
        assertTrue(recorder.types().stream().allMatch(t -> t == EdgePortEvent.Type.EDGE_PORT_REMOVED));
        assertTrue(ImmutableList.copyOf(edges.getEdgePoints(A)).isEmpty());
        network.setPortEnabled(cp("device:b/3"), false);
        network.awaitEvents();
        assertFalse(edges.isEdgePoint(cp("device:b/3")));
        network.setDeviceAvailable(A, true);
        network.awaitEvents();
        assertEquals(5, edgePoints().size());
    }

    @Test
    public void packetsGoOutOfEveryEdgePort() {
        network.addLink("device:a/1", "device:b/1");
        network.awaitEvents();
        edges.emitPacket(A, ByteBuffer.wrap(new byte[]{1, 2, 3}), Optional.empty());
        List<OutboundPacket> sent = network.packetService().emitted();
        assertEquals(2, sent.size());
        assertEquals(Instructions.createOutput(cp("device:a/2").port()),
                     sent.get(0).treatment().allInstructions().get(0));
        edges.emitPacket(ByteBuffer.wrap(new byte[]{1}), Optional.empty());
        assertEquals(6, network.packetService().emitted().size());
    }
}
