// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.onosproject.net.behaviour.BngProgrammable.BngCounterType;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.onosproject.net.provider.ProviderId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.bng.api.BngConfig;
import org.sixflow.app.features.bng.api.BngSession;
import org.sixflow.app.features.bng.impl.CapturedFrames.Captured;
import org.sixflow.pipeconf.behaviour.bng.BngSplitAttachment;
import org.sixflow.pipeconf.behaviour.bng.BngSplitAttachment.Half;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * The relay with a forwarding device (a split BNG) on the real capture: each attachment's access
 * half goes to the line's device with its port of the trunk, its forwarding half to the
 * forwarding device with the other end's port and the access device's BNG MAC, the two halves
 * mirroring each other; both removed when the session ends; counters read from both; no link, a
 * refused half: the session says why, and nothing is left half written.
 */
public class BngRelaySplitTest {

    private static final ApplicationId APP = new DefaultApplicationId(9, "org.sixflow.app");
    private static final ConnectPoint ACCESS = ConnectPoint.deviceConnectPoint("device:bng-access/1");
    private static final ConnectPoint SERVER_PORT = ConnectPoint.deviceConnectPoint("device:bng-access/2");
    private static final DeviceId FORWARD = DeviceId.deviceId("device:bng-forward");
    /** The trunk: port 3 of the access device to port 1 of the forwarding device. */
    private static final ConnectPoint ACCESS_TRUNK = ConnectPoint.deviceConnectPoint("device:bng-access/3");
    private static final ConnectPoint FORWARD_TRUNK = ConnectPoint.deviceConnectPoint("device:bng-forward/1");
    private static final MacAddress BNG_MAC = MacAddress.valueOf("02:00:00:00:0b:01");

    private final AtomicLong clock = new AtomicLong(1_000_000);
    private RecordingDataPlane plane;
    private BngRelay relay;
    private List<Captured> all;
    private int firstEnd;

    @Before
    public void setUp() {
        plane = new RecordingDataPlane();
        plane.macs.put(ACCESS.deviceId(), BNG_MAC);
        relay = new BngRelay(APP, plane, clock::get);
        relay.configure(new BngConfig(SERVER_PORT, 30, 4, Map.of(BngConfig.lineKey(100, 11),
                                                                 Ip6Prefix.valueOf("fd33:0:0:2::/64")),
                                      Ip6Prefix.valueOf("fd33:1::/48"), Map.of(), null, 56, FORWARD));
        all = CapturedFrames.all();
        firstEnd = BngRelayTest.indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3"));
    }

    private static Link link(ConnectPoint src, ConnectPoint dst) {
        return DefaultLink.builder().providerId(ProviderId.NONE).src(src).dst(dst).type(Link.Type.DIRECT)
                .state(Link.State.ACTIVE).build();
    }

    private void trunkUp() {
        plane.links.add(link(ACCESS_TRUNK, FORWARD_TRUNK));
        plane.links.add(link(FORWARD_TRUNK, ACCESS_TRUNK));
    }

    private void replay(List<Captured> frames) {
        for (Captured c : frames) {
            clock.addAndGet(10);
            relay.receive(c.fromSubscriber() ? ACCESS : SERVER_PORT, c.fromSubscriber() ? c.cVid - 9 : 0,
                          c.sentThrough(BNG_MAC));
        }
    }

    private static BngSplitAttachment half(Attachment attachment) {
        return (BngSplitAttachment) attachment;
    }

    @Test
    public void eachHalfGoesToItsDeviceAndBothAreRemovedAtTheEnd() {
        trunkUp();
        replay(all.subList(0, firstEnd));
        List<Attachment> access = plane.setupsOn.get(ACCESS.deviceId());
        List<Attachment> forward = plane.setupsOn.get(FORWARD);
        // bob and alice, IPv4 and IPv6 each: four attachments, each split in two.
        assertEquals(4, access.size());
        assertEquals(4, forward.size());
        assertEquals(2, plane.setupsOn.size());
        for (int i = 0; i < access.size(); i++) {
            BngSplitAttachment up = half(access.get(i));
            BngSplitAttachment down = half(forward.get(i));
            assertEquals(Half.ACCESS, up.half());
            assertEquals(ACCESS_TRUNK.port(), up.trunkPort());
            assertEquals(Half.FORWARD, down.half());
            assertEquals(FORWARD_TRUNK.port(), down.trunkPort());
            assertEquals("the subscriber knows the access device's MAC", BNG_MAC, down.bngMac());
            // The halves mirror each other: the same line, session, subscriber and prefix.
            assertEquals(up.sTag(), down.sTag());
            assertEquals(up.cTag(), down.cTag());
            assertEquals(up.pppoeSessionId(), down.pppoeSessionId());
            assertEquals(up.macAddress(), down.macAddress());
            assertEquals(up.ipAddress(), down.ipAddress());
            assertEquals(up.prefixLength(), down.prefixLength());
        }
        relay.sessions().stream().limit(2).forEach(s -> assertEquals(InstallStatus.INSTALLED, s.status()));

        replay(all.subList(firstEnd, all.size()));
        assertEquals(Set.copyOf(access), Set.copyOf(plane.removalsOn.get(ACCESS.deviceId())));
        assertEquals(Set.copyOf(forward), Set.copyOf(plane.removalsOn.get(FORWARD)));
        assertEquals("each half removed once", 8, plane.removals.size());
    }

    @Test
    public void aCutRemovesTheSessionFromBothDevices() {
        trunkUp();
        replay(all.subList(0, firstEnd));
        BngSession bob = relay.sessions().get(0);
        assertTrue(relay.cut(bob.id()));
        List<Attachment> removedUp = plane.removalsOn.get(ACCESS.deviceId());
        List<Attachment> removedDown = plane.removalsOn.get(FORWARD);
        assertEquals(2, removedUp.size());
        assertEquals(2, removedDown.size());
        assertTrue(removedUp.stream().allMatch(a -> a.pppoeSessionId() == bob.sessionId()));
        assertTrue(removedDown.stream().allMatch(a -> half(a).half() == Half.FORWARD));
        // On each switch the line's shared entries go with the session's last attachment only.
        for (List<Attachment> removed : List.of(removedUp, removedDown)) {
            assertEquals(List.of(true, false), removed.stream().map(a -> half(a).othersStay())
                    .collect(Collectors.toList()));
        }
    }

    @Test
    public void countersComeFromBothHalves() {
        trunkUp();
        replay(all.subList(0, firstEnd));
        plane.counters.put(ACCESS.deviceId(), Map.of(BngCounterType.UPSTREAM_TX, new PiCounterCellData(5, 500),
                                                     BngCounterType.CONTROL_PLANE, new PiCounterCellData(9, 900)));
        plane.counters.put(FORWARD, Map.of(BngCounterType.DOWNSTREAM_TX, new PiCounterCellData(7, 700)));
        Map<BngCounterType, PiCounterCellData> counters = relay.counters(relay.sessions().get(0).id());
        assertEquals(5, counters.get(BngCounterType.UPSTREAM_TX).packets());
        assertEquals(9, counters.get(BngCounterType.CONTROL_PLANE).packets());
        assertEquals(7, counters.get(BngCounterType.DOWNSTREAM_TX).packets());
    }

    @Test
    public void withoutALinkTheSessionSaysSoAndNothingIsWritten() {
        replay(all.subList(0, firstEnd));
        BngSession bob = relay.sessions().get(0);
        assertEquals(InstallStatus.State.FAILED, bob.status().state());
        String reason = bob.status().failure().get().reason();
        assertTrue(reason, reason.contains("no link from device:bng-access to the forwarding device"
                                                   + " device:bng-forward"));
        assertTrue(plane.setups.isEmpty());
    }

    @Test
    public void aRefusedForwardingHalfTakesTheAccessHalfOutAgain() {
        trunkUp();
        plane.refuseSetup = "device:bng-forward has no BngProgrammable behaviour";
        plane.refuseSetupOn = FORWARD;
        replay(all.subList(0, firstEnd));
        BngSession bob = relay.sessions().get(0);
        assertEquals(InstallStatus.State.FAILED, bob.status().state());
        assertTrue(bob.status().failure().get().reason(), bob.status().failure().get().reason().contains(
                "the forwarding device device:bng-forward refused the session: device:bng-forward has no"
                        + " BngProgrammable behaviour"));
        assertNull(plane.setupsOn.get(FORWARD));
        List<Attachment> written = plane.setupsOn.get(ACCESS.deviceId());
        assertEquals("every access half written was taken out again", written,
                     plane.removalsOn.get(ACCESS.deviceId()));
    }

    @Test
    public void aReleaseDuringTheSessionLeavesBothHalvesSharedEntries() {
        PppoeAttachment delegated = new PppoeAttachment(APP, 100, 11, CapturedFrames.SUBSCRIBER,
                                                        org.onlab.packet.IpAddress.valueOf("fd33:100:0:200::"), 1, 56);
        PlacedAttachment placed = new PlacedAttachment(Map.of(
                ACCESS.deviceId(), new SplitHalf(delegated, Half.ACCESS, ACCESS_TRUNK.port(), BNG_MAC)));
        BngSplitAttachment leaving = half(placed.leavingOthers().halves().get(ACCESS.deviceId()));
        assertTrue(leaving.othersStay());
        assertEquals(Half.ACCESS, leaving.half());
        assertEquals(ACCESS_TRUNK.port(), leaving.trunkPort());
        assertEquals(56, leaving.prefixLength());
        assertEquals(false, half(placed.halves().get(ACCESS.deviceId())).othersStay());
    }

    @Test
    public void theForwardingDeviceBeingTheLinesIsNoSplit() {
        relay.configure(new BngConfig(SERVER_PORT, 30, 4, Map.of(), Ip6Prefix.valueOf("fd33:1::/48"), Map.of(),
                                      null, 56, ACCESS.deviceId()));
        replay(all.subList(0, firstEnd));
        assertEquals(4, plane.setups.size());
        assertTrue(plane.setups.stream().noneMatch(a -> a instanceof BngSplitAttachment));
        assertEquals(List.of(ACCESS.deviceId()), plane.setupsOn.keySet().stream().collect(Collectors.toList()));
        assertEquals(PortNumber.portNumber(1), ACCESS.port());
    }
}
