// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.link;

import com.google.common.collect.ImmutableList;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.Link;
import org.onosproject.net.link.LinkEvent;
import org.sixflow.sim.net.EventRecorder;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestNetworks;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.sim.net.TestNetworks.A;
import static org.sixflow.sim.net.TestNetworks.B;
import static org.sixflow.sim.net.TestNetworks.cp;

/**
 * Tests the simulated links: both directions, active while both ends carry traffic, removed or
 * made inactive otherwise, with the events ONOS's link manager posts.
 */
public class SimLinkServiceTest {

    private SimNetwork network;
    private SimLinkService links;
    private final EventRecorder<LinkEvent> recorder = new EventRecorder<>();

    @Before
    public void setUp() {
        network = TestNetworks.twoSwitches();
        links = network.linkService();
        links.addListener(recorder::event);
    }

    @After
    public void tearDown() {
        network.close();
    }

    @Test
    public void aCableCarriesALinkEachWay() {
        network.addLink(LinkSpec.between("device:a/1", "device:b/1").latency(5).bandwidth(1000).metric(2).build());
        network.awaitEvents();
        assertEquals(List.of(LinkEvent.Type.LINK_ADDED, LinkEvent.Type.LINK_ADDED), recorder.types());
        assertEquals(2, links.getLinkCount());
        assertEquals(2, ImmutableList.copyOf(links.getActiveLinks()).size());
        Link ab = links.getLink(cp("device:a/1"), cp("device:b/1"));
        assertNotNull(ab);
        assertEquals(Link.State.ACTIVE, ab.state());
        assertEquals(Link.Type.DIRECT, ab.type());
        assertFalse(ab.isExpected());
        assertEquals("5.0", ab.annotations().value(AnnotationKeys.LATENCY));
        assertEquals("1000.0", ab.annotations().value(AnnotationKeys.BANDWIDTH));
        assertEquals("2.0", ab.annotations().value(AnnotationKeys.METRIC));
        assertNotNull(links.getLink(cp("device:b/1"), cp("device:a/1")));
        assertEquals(1, links.getEgressLinks(cp("device:a/1")).size());
        assertEquals(cp("device:b/1"), links.getEgressLinks(cp("device:a/1")).iterator().next().dst());
        assertEquals(cp("device:b/1"), links.getIngressLinks(cp("device:a/1")).iterator().next().src());
        assertEquals(2, links.getLinks(cp("device:a/1")).size());
        assertEquals(2, links.getDeviceLinks(A).size());
        assertEquals(1, links.getDeviceEgressLinks(A).size());
        assertEquals(1, links.getDeviceIngressLinks(B).size());
        assertTrue(links.getEgressLinks(cp("device:a/2")).isEmpty());
    }

    @Test
    public void aDisconnectedDeviceTakesItsDiscoveredLinksAway() {
        network.addLink("device:a/1", "device:b/1");
        network.awaitEvents();
        recorder.clear();
        network.setDeviceAvailable(B, false);
        network.awaitEvents();
        assertEquals(List.of(LinkEvent.Type.LINK_REMOVED, LinkEvent.Type.LINK_REMOVED), recorder.types());
        assertEquals(0, links.getLinkCount());
        assertNull(links.getLink(cp("device:a/1"), cp("device:b/1")));
        recorder.clear();
        network.setDeviceAvailable(B, true);
        network.awaitEvents();
        assertEquals(List.of(LinkEvent.Type.LINK_ADDED, LinkEvent.Type.LINK_ADDED), recorder.types());
        assertEquals(2, links.getLinkCount());
    }

    @Test
    public void aDurableLinkTurnsInactiveInstead() {
        network.addLink(LinkSpec.between("device:a/1", "device:b/1").durable(true).build());
        network.awaitEvents();
        recorder.clear();
        network.setPortEnabled(cp("device:a/1"), false);
        network.awaitEvents();
        assertEquals(List.of(LinkEvent.Type.LINK_UPDATED, LinkEvent.Type.LINK_UPDATED), recorder.types());
        assertEquals(Link.State.INACTIVE, recorder.events().get(0).subject().state());
        assertEquals(2, links.getLinkCount());
        assertTrue(ImmutableList.copyOf(links.getActiveLinks()).isEmpty());
        assertTrue(links.getLink(cp("device:a/1"), cp("device:b/1")).isExpected());
        network.setPortEnabled(cp("device:a/1"), true);
        network.awaitEvents();
        assertEquals(Link.State.ACTIVE, recorder.events().get(2).subject().state());
        assertEquals(2, ImmutableList.copyOf(links.getActiveLinks()).size());
    }

    @Test
    public void aCutCableLosesItsLinksUntilMended() {
        network.addLink("device:a/1", "device:b/1");
        network.awaitEvents();
        recorder.clear();
        assertTrue(network.setLinkUp(cp("device:b/1"), cp("device:a/1"), false));
        assertFalse(network.setLinkUp(cp("device:b/1"), cp("device:a/1"), false));
        network.awaitEvents();
        assertEquals(List.of(LinkEvent.Type.LINK_REMOVED, LinkEvent.Type.LINK_REMOVED), recorder.types());
        assertTrue(network.deviceService().getPort(cp("device:a/1")).isEnabled());
        network.setLinkUp(cp("device:a/1"), cp("device:b/1"), true);
        network.awaitEvents();
        assertEquals(2, links.getLinkCount());
    }

    @Test
    public void removingADeviceOrCableRemovesItsLinks() {
        network.addLink("device:a/1", "device:b/1");
        network.addLink("device:a/2", "device:b/2");
        network.awaitEvents();
        recorder.clear();
        network.removeLink(cp("device:a/2"), cp("device:b/2"));
        network.awaitEvents();
        assertEquals(2, recorder.events().size());
        assertEquals(2, links.getLinkCount());
        network.removeDevice(B);
        network.awaitEvents();
        assertEquals(0, links.getLinkCount());
        assertEquals(4, recorder.events().size());
    }

    @Test
    public void badCablesAreRefusedClearly() {
        network.addLink("device:a/1", "device:b/1");
        for (String[] ends : new String[][]{{"device:a/1", "device:b/2"}, {"device:a/9", "device:b/2"},
                {"device:x/1", "device:b/2"}}) {
            try {
                network.addLink(ends[0], ends[1]);
                fail("cable " + ends[0] + " - " + ends[1] + " must be refused");
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage(), e.getMessage().contains(ends[0].substring(0, 8)));
            }
        }
        try {
            network.setLinkUp(cp("device:a/2"), cp("device:b/2"), false);
            fail("no cable joins them");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("device:a/2"));
        }
    }
}
