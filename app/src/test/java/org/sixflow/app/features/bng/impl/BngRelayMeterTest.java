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
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.onosproject.net.provider.ProviderId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.bng.api.BngConfig;
import org.sixflow.app.features.bng.api.BngLine;
import org.sixflow.app.features.bng.api.BngLineMeter;
import org.sixflow.app.features.bng.api.BngMeterRate;
import org.sixflow.app.features.bng.impl.CapturedFrames.Captured;
import org.sixflow.pipeconf.behaviour.bng.BngLineRate;
import org.sixflow.pipeconf.behaviour.bng.BngMeteredAttachment;
import org.sixflow.pipeconf.behaviour.bng.BngSplitAttachment;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Each line's meter on the real capture (bob on C-tag 11, alice on 10): every attachment the
 * pipeconf is given carries its line's rates in the P4 meters' bytes (bob's own meter, alice the
 * default), whole in single mode, on both halves in a split (each device writes its direction's
 * cell); a session's end removes them (the pipeconf resets the cells); a configuration that
 * changes a line's meter writes its session's attachments again where they are, and nothing else.
 */
public class BngRelayMeterTest {

    private static final ApplicationId APP = new DefaultApplicationId(9, "org.sixflow.app");
    private static final ConnectPoint ACCESS = ConnectPoint.deviceConnectPoint("device:bng/1");
    private static final ConnectPoint SERVER_PORT = ConnectPoint.deviceConnectPoint("device:bng/2");
    private static final DeviceId FORWARD = DeviceId.deviceId("device:bng-forward");
    private static final ConnectPoint ACCESS_TRUNK = ConnectPoint.deviceConnectPoint("device:bng/3");
    private static final ConnectPoint FORWARD_TRUNK = ConnectPoint.deviceConnectPoint("device:bng-forward/1");
    private static final MacAddress BNG_MAC = MacAddress.valueOf("02:00:00:00:0b:01");
    private static final int BOB = 11;

    /** Default: 1 Mbit/s committed, 2 Mbit/s peak upstream; downstream unmetered. */
    private static final BngLineMeter DEFAULT = new BngLineMeter(new BngMeterRate(1000, 3000, 2000, 6000), null);
    /** Bob's own: 10/20 Mbit/s down, 512 kbit/s up. */
    private static final BngLineMeter BOBS = new BngLineMeter(new BngMeterRate(512, 1600, 512, 1600),
                                                              new BngMeterRate(10_000, 15_000, 20_000, 30_000));

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
        all = CapturedFrames.all();
        firstEnd = BngRelayTest.indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3"));
    }

    private static BngConfig config(DeviceId forward, BngLineMeter bobs) {
        return new BngConfig(SERVER_PORT, 30, 4, Map.of(BngConfig.lineKey(100, BOB),
                                                        Ip6Prefix.valueOf("fd33:0:0:2::/64")),
                             Ip6Prefix.valueOf("fd33:1::/48"), Map.of(), null, 56, forward)
                .withMeters(DEFAULT, Map.of(BngConfig.lineKey(100, BOB), bobs));
    }

    private void replay(List<Captured> frames) {
        for (Captured c : frames) {
            clock.addAndGet(10);
            relay.receive(c.fromSubscriber() ? ACCESS : SERVER_PORT, c.fromSubscriber() ? c.cVid - 9 : 0,
                          c.sentThrough(BNG_MAC));
        }
    }

    private void trunkUp() {
        for (ConnectPoint[] ends : new ConnectPoint[][]{{ACCESS_TRUNK, FORWARD_TRUNK}, {FORWARD_TRUNK, ACCESS_TRUNK}}) {
            plane.links.add(DefaultLink.builder().providerId(ProviderId.NONE).src(ends[0]).dst(ends[1])
                                    .type(Link.Type.DIRECT).state(Link.State.ACTIVE).build());
        }
    }

    private static Optional<BngLineRate> up(Attachment attachment) {
        return ((BngMeteredAttachment) attachment).upstreamRate();
    }

    private static Optional<BngLineRate> down(Attachment attachment) {
        return ((BngMeteredAttachment) attachment).downstreamRate();
    }

    private static void assertMetered(BngLineMeter meter, Attachment attachment) {
        assertEquals(meter.upstream().map(LineRates::inBytes), up(attachment));
        assertEquals(meter.downstream().map(LineRates::inBytes), down(attachment));
    }

    private static BngLineMeter meterOf(Attachment attachment) {
        return attachment.cTag().toShort() == BOB ? BOBS : DEFAULT;
    }

    @Test
    public void kbitsAreTheMetersBytesExactly() {
        assertEquals(new BngLineRate(64_000, 3000, 128_000, 6000),
                     LineRates.inBytes(new BngMeterRate(512, 3000, 1024, 6000)));
    }

    @Test
    public void eachAttachmentCarriesItsLinesMeterAndTheEndRemovesIt() {
        relay.configure(config(null, BOBS));
        replay(all.subList(0, firstEnd));
        List<Attachment> setups = plane.setupsOn.get(ACCESS.deviceId());
        assertEquals("bob and alice, IPv4 and IPv6 each", 4, setups.size());
        setups.forEach(a -> assertMetered(meterOf(a), a));
        assertEquals(Set.of(ACCESS.deviceId()), plane.setupsOn.keySet());

        replay(all.subList(firstEnd, all.size()));
        assertEquals("every attachment removed, the line's cells with the last",
                     Set.copyOf(setups), Set.copyOf(plane.removalsOn.get(ACCESS.deviceId())));
    }

    @Test
    public void aSplitGivesEachHalfTheLinesMeter() {
        trunkUp();
        relay.configure(config(FORWARD, BOBS));
        replay(all.subList(0, firstEnd));
        List<Attachment> access = plane.setupsOn.get(ACCESS.deviceId());
        List<Attachment> forward = plane.setupsOn.get(FORWARD);
        assertEquals(4, access.size());
        assertEquals(4, forward.size());
        for (int i = 0; i < access.size(); i++) {
            assertEquals(BngSplitAttachment.Half.ACCESS, ((BngSplitAttachment) access.get(i)).half());
            assertMetered(meterOf(access.get(i)), access.get(i));
            assertEquals(BngSplitAttachment.Half.FORWARD, ((BngSplitAttachment) forward.get(i)).half());
            assertMetered(meterOf(forward.get(i)), forward.get(i));
        }
        replay(all.subList(firstEnd, all.size()));
        assertEquals(Set.copyOf(access), Set.copyOf(plane.removalsOn.get(ACCESS.deviceId())));
        assertEquals(Set.copyOf(forward), Set.copyOf(plane.removalsOn.get(FORWARD)));
    }

    @Test
    public void aChangedMeterRewritesOnlyThatLinesSessionWhereItIs() {
        trunkUp();
        relay.configure(config(FORWARD, BOBS));
        replay(all.subList(0, firstEnd));
        plane.setups.clear();
        plane.setupsOn.clear();

        relay.configure(config(FORWARD, BOBS));
        assertTrue("an unchanged meter writes nothing", plane.setups.isEmpty());

        BngLineMeter slower = new BngLineMeter(new BngMeterRate(256, 1600, 256, 1600), null);
        relay.configure(config(FORWARD, slower));
        assertEquals("bob's two attachments, both halves", 4, plane.setups.size());
        assertEquals(Set.of(ACCESS.deviceId(), FORWARD), plane.setupsOn.keySet());
        plane.setups.forEach(a -> {
            assertEquals(BOB, a.cTag().toShort());
            assertMetered(slower, a);
        });
        relay.sessions().stream().limit(2).forEach(s -> assertEquals(InstallStatus.INSTALLED, s.status()));

        // The end removes what the re-metering wrote.
        replay(all.subList(firstEnd, all.size()));
        plane.removalsOn.get(ACCESS.deviceId()).stream().filter(a -> a.cTag().toShort() == BOB)
                .forEach(a -> assertMetered(slower, a));
    }

    @Test
    public void aLineWithoutAMeterOfItsOwnOrADefaultIsUnmetered() {
        relay.configure(config(null, BOBS).withMeters(BngLineMeter.UNMETERED, Map.of()));
        replay(all.subList(0, firstEnd));
        plane.setups.forEach(a -> {
            assertEquals(Optional.empty(), up(a));
            assertEquals(Optional.empty(), down(a));
        });
        relay.lines().forEach(line -> assertEquals(BngLineMeter.UNMETERED, line.meter()));
    }

    @Test
    public void theLinesShowTheirMeter() {
        relay.configure(config(null, BOBS));
        replay(all.subList(0, firstEnd));
        for (BngLine line : relay.lines()) {
            assertEquals(line.cVid() == BOB ? BOBS : DEFAULT, line.meter());
        }
    }
}
