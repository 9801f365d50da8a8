// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.experiments;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.features.bng.api.BngSession;
import org.sixflow.app.features.bng.api.FakeBngService;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A class naming a PPPoE session: its subscriber's up session is found by user or line name; a
 * packet from the subscriber's prefixes goes upstream in the session's framing (id, tags, the
 * subscriber's MAC, the BNG's) and only by its line's port; one to them downstream as it is; what
 * is neither, a session not up or not installed, or a BNG without its MAC, is named; a session
 * that ends or is set up again during a run leaves the run's figures standing on nothing.
 */
public class BngSessionTargetTest {

    private static final ConnectPoint LINE_PORT = ConnectPoint.deviceConnectPoint("device:bng/1");
    private static final Ip6Address SUBSCRIBER = Ip6Address.valueOf("fd33:0:0:2::10:2");
    private static final Ip6Address NETWORK = Ip6Address.valueOf("fd00:b:1::13");

    private final FakeBngService bng = new FakeBngService();
    private final BngSessionTarget target = new BngSessionTarget(bng);
    private final Map<String, String> problems = new HashMap<>();

    private static ExperimentClass naming(String session, Ip6Address source, Ip6Address destination) {
        return ExperimentClass.of("upstream", ExperimentClassRole.BASELINE, LatencyClass.IPV6,
                                  ProbePacket.of(source, destination, 40000, 5004, 64), null, null)
                .withSession(session);
    }

    private Optional<ProbePacket> plan(ExperimentClass c, ConnectPoint ingress) {
        return target.plan(c, ingress, "classes[0]", problems);
    }

    @Test
    public void anUpstreamPacketIsSentInTheSessionsFramingAtItsLinePort() {
        ProbePacket packet = plan(naming("bob@sixflow", SUBSCRIBER, NETWORK), LINE_PORT).orElseThrow();
        assertEquals(Map.of(), problems);
        ProbePacket.Pppoe framing = packet.pppoe().orElseThrow();
        assertEquals(1, framing.sessionId());
        assertEquals(100, framing.sVid());
        assertEquals(11, framing.cVid());
        assertEquals(MacAddress.valueOf("52:54:00:5f:00:01"), framing.subscriberMac());
        assertEquals("the BNG's MAC, not the server's", bng.accessMac, framing.concentratorMac());
        assertEquals(SUBSCRIBER, packet.source());
    }

    @Test
    public void theSubscriberMayBeNamedByItsLine() {
        assertTrue(plan(naming("device:bng/1/100/11", SUBSCRIBER, NETWORK), LINE_PORT).orElseThrow().pppoe()
                           .isPresent());
        assertEquals(Map.of(), problems);
    }

    @Test
    public void anUpstreamPacketEntersByTheLinePortOnly() {
        plan(naming("bob@sixflow", SUBSCRIBER, NETWORK), ConnectPoint.deviceConnectPoint("device:bng/3"));
        assertEquals(Set.of("ingress"), problems.keySet());
        assertTrue(problems.get("ingress"), problems.get("ingress").contains("by its line's port device:bng/1"));
    }

    @Test
    public void aDownstreamPacketIsSentAsItIs() {
        ExperimentClass c = naming("bob@sixflow", NETWORK, SUBSCRIBER);
        assertEquals(c.packet(), plan(c, ConnectPoint.deviceConnectPoint("device:bng/3")));
        assertEquals(Map.of(), problems);
    }

    @Test
    public void aPacketNeitherFromNorToTheSubscriberIsNamed() {
        plan(naming("bob@sixflow", NETWORK, Ip6Address.valueOf("fd00:b:1::12")), LINE_PORT);
        assertTrue(problems.toString(), problems.get("classes[0].packet").contains("neither the source fd00:b:1::13"));
    }

    @Test
    public void aSubscriberWithoutASessionUpIsNamed() {
        plan(naming("alice@sixflow", SUBSCRIBER, NETWORK), LINE_PORT);
        assertTrue(problems.toString(), problems.get("classes[0].session").startsWith(
                "no PPPoE session of alice@sixflow is up"));
        bng.sessions.removeIf(s -> s.id() == 7);
        problems.clear();
        plan(naming("bob@sixflow", SUBSCRIBER, NETWORK), LINE_PORT);
        assertTrue("an ended session is not used", problems.containsKey("classes[0].session"));
    }

    @Test
    public void aSessionWhoseEntriesAreNotInstalledIsNamed() {
        replaceSession(7, InstallStatus.failed(DeviceId.deviceId("device:bng"), "refused bng_session"));
        plan(naming("bob@sixflow", SUBSCRIBER, NETWORK), LINE_PORT);
        assertTrue(problems.toString(), problems.get("classes[0].session").contains("is FAILED, not INSTALLED"));
    }

    @Test
    public void aBngWithoutItsMacIsNamed() {
        bng.accessMac = null;
        ProbePacket packet = plan(naming("bob@sixflow", SUBSCRIBER, NETWORK), LINE_PORT).orElseThrow();
        assertTrue(problems.toString(), problems.get("classes[0].session").contains("has no bngMac annotation"));
        assertTrue(packet.pppoe().isEmpty());
    }

    @Test
    public void aClassNamingASessionIsMeasuredAsIpv6() {
        ExperimentClass c = ExperimentClass.of("up", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT, null,
                                               null, null).withSession(" ");
        target.shapeProblems(Experiment.builder("e").build(), c, "classes[1]", problems);
        assertTrue(problems.toString(), problems.get("classes[1].latencyClass").contains("as ipv6, not apn6-insert"));
        assertTrue(problems.containsKey("classes[1].session"));
    }

    @Test
    public void onlyItsClassesAreReportedOnEveryDeviceOfTheirPath() {
        assertEquals(Set.of(LatencyClass.IPV6), target.downstreamClasses(naming("bob@sixflow", SUBSCRIBER, NETWORK)));
        assertEquals(Set.of(), target.downstreamClasses(ExperimentClass.of(
                "ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, null, null, null)));
    }

    @Test
    public void withoutThePortAClassCannotBePlanned() {
        target.plan(naming("bob@sixflow", SUBSCRIBER, NETWORK), DeviceId.deviceId("device:bng"), "classes[0]",
                    problems);
        assertEquals(Set.of("ingress"), problems.keySet());
    }

    @Test
    public void aSessionThatEndsOrComesUpAgainDuringARunIsSaid() {
        ExperimentClass c = naming("bob@sixflow", SUBSCRIBER, NETWORK);
        assertEquals("nothing planned yet", Optional.empty(), target.changedDuringRun(c));
        plan(c, LINE_PORT);
        assertEquals(Optional.empty(), target.changedDuringRun(c));
        BngSession again = BngSession.builder().id(9).line(FakeBngService.LINE).sessionId(4)
                .subscriberMac(MacAddress.valueOf("52:54:00:5f:00:01")).serverMac(MacAddress.valueOf("52:54:00:5f:00:02"))
                .state(org.sixflow.app.features.bng.api.BngSessionState.UP).user("bob@sixflow")
                .ipv6Prefix(Ip6Prefix.valueOf("fd33:0:0:2::/64")).status(InstallStatus.INSTALLED)
                .startedMillis(1_700_000_100_000L).build();
        bng.sessions.removeIf(s -> s.id() == 7);
        assertEquals(Optional.of("PPPoE session 7 of bob@sixflow ended"), target.changedDuringRun(c));
        bng.sessions.add(again);
        assertEquals(Optional.of("PPPoE session 7 of bob@sixflow ended and 9 came up with another session id"),
                     target.changedDuringRun(c));
    }

    private void replaceSession(long id, InstallStatus status) {
        BngSession s = bng.session(id).orElseThrow();
        bng.sessions.replaceAll(x -> x.id() != id ? x : BngSession.builder().id(s.id()).line(s.line())
                .sessionId(s.sessionId()).subscriberMac(s.subscriberMac()).serverMac(s.serverMac()).state(s.state())
                .user(s.user().orElse(null)).ipv6Prefix(s.ipv6Prefix().orElse(null)).status(status)
                .startedMillis(s.startedMillis()).build());
    }
}
