// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

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
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.provider.ProviderId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.bng.api.BngConfig;
import org.sixflow.app.features.bng.api.BngSession;
import org.sixflow.app.features.bng.api.BngSessionState;
import org.sixflow.app.features.bng.impl.CapturedFrames.Captured;
import org.sixflow.pipeconf.behaviour.bng.BngSetupEntries;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.sixflow.app.features.bng.impl.BngRelayTest.indexOf;
import static org.sixflow.app.impl.PacketTestEntries.checkOrWrite;
import static org.sixflow.app.impl.PacketTestEntries.entries;

/**
 * The BNG packet tests fed by the controller (pipeconf/ptf/tests/test_bng_compiled.py) install
 * what a real client's sessions become: the relay is given the frames a real pppd and
 * pppoe-server exchanged (CapturedFrames: bob and alice up, IPv4 and IPv6), then, on a single
 * BNG, bob's DHCPv6 Solicit and Request for a delegated prefix, as BngRelayTest does; each
 * attachment it sets up is written the way SixflowBngProgrammable writes it: on a single BNG
 * (profile bng), and split (BngRelaySplitTest's relay: the access half on a bng-access switch,
 * the forwarding half on a bng-forward switch, a trunk between their ports 3). The committed
 * bng_entries.json must be this test's output. Regenerate it with {@code -Dbng.writeEntries=true}.
 */
public class BngPacketTestEntriesTest {

    private static final ApplicationId APP = new DefaultApplicationId(9, "org.sixflow.app");
    /** The packet tests' line port (test_bng.py LINE_PORT) and trunk port (test_bng_split.py). */
    private static final long LINE_PORT = 1;
    private static final long TRUNK_PORT = 3;
    /**
     * The BNG's MAC (annotation bngMac, the router MAC in the lab): the one the captured DHCPv6
     * exchange names in its server DUID (BngRelayTest's). The packet test gives it a my_station
     * entry, as routing does for a router MAC.
     */
    private static final MacAddress BNG_MAC = MacAddress.valueOf("02:00:00:00:0b:01");
    private static final DeviceId SINGLE = DeviceId.deviceId("device:ptf");
    private static final DeviceId ACCESS = DeviceId.deviceId("device:ptf-access");
    private static final DeviceId FORWARD = DeviceId.deviceId("device:ptf-forward");

    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final RecordingDataPlane plane = new RecordingDataPlane();
    private final BngRelay relay = new BngRelay(APP, plane, clock::get);

    private static ConnectPoint port(DeviceId device, long port) {
        return ConnectPoint.deviceConnectPoint(device + "/" + port);
    }

    private static Link link(ConnectPoint src, ConnectPoint dst) {
        return DefaultLink.builder().providerId(ProviderId.NONE).src(src).dst(dst).type(Link.Type.DIRECT)
                .state(Link.State.ACTIVE).build();
    }

    /** The captured sessions up on the line device's port 1 (bob on line 100/11, alice on 100/10). */
    private void bringUp(DeviceId line) {
        plane.macs.put(line, BNG_MAC);
        List<Captured> all = CapturedFrames.all();
        for (Captured c : all.subList(0, indexOf(all, c -> c.cVid == 12 && c.name.equals("PAP-3")))) {
            clock.addAndGet(10);
            relay.receive(c.fromSubscriber() ? port(line, LINE_PORT) : port(line, 2), c.fromSubscriber() ? c.cVid - 9 : 0,
                          c.sentThrough(BNG_MAC));
        }
    }

    /** The sessions the relay has up, as the packet tests read them. */
    private List<Map<String, Object>> subscribers() {
        List<Map<String, Object>> subscribers = new ArrayList<>();
        for (BngSession session : relay.sessions()) {
            if (session.state() != BngSessionState.UP) {
                continue;
            }
            assertEquals(InstallStatus.INSTALLED, session.status());
            Map<String, Object> subscriber = new LinkedHashMap<>();
            subscriber.put("user", session.user().orElseThrow());
            subscriber.put("mac", session.subscriberMac().toString().toLowerCase());
            subscriber.put("s_tag", session.line().sVid());
            subscriber.put("c_tag", session.line().cVid());
            subscriber.put("session_id", session.sessionId());
            subscriber.put("ipv4", session.ipv4().orElseThrow().toString());
            subscriber.put("ipv6", session.ipv6().orElseThrow().toString());
            subscriber.put("ipv6_prefix", session.ipv6Prefix().orElseThrow().toString());
            session.delegatedPrefix().ifPresent(prefix -> subscriber.put("delegated_prefix", prefix.toString()));
            subscribers.add(subscriber);
        }
        assertEquals("bob and alice up", 2, subscribers.size());
        return subscribers;
    }

    /**
     * What a device holds once it is given these attachments: a line's entries come with each of
     * its attachments, and ONOS's flow rule store, like the device, holds one rule per flow id.
     */
    private static List<Map<String, Object>> written(DeviceId device, String profile, List<Attachment> attachments)
            throws Exception {
        BngSetupEntries.forgetLines(device);
        Map<FlowId, FlowRule> rules = new LinkedHashMap<>();
        for (Attachment attachment : attachments) {
            BngSetupEntries.of(device, BundledPipeconfs.bmv2(profile).pipelineModel(),
                               PortNumber.portNumber(LINE_PORT), BNG_MAC, attachment)
                    .forEach(rule -> rules.put(rule.id(), rule));
        }
        BngSetupEntries.forgetLines(device);
        return entries(rules.values());
    }

    private Map<String, Object> single() throws Exception {
        relay.configure(new BngConfig(port(SINGLE, 2), 30, 4, Map.of(BngConfig.lineKey(100, 11),
                                                                     Ip6Prefix.valueOf("fd33:0:0:2::/64")),
                                      Ip6Prefix.valueOf("fd33:1::/48"),
                                      Map.of(BngConfig.lineKey(100, 11), Ip6Prefix.valueOf("fd33:100:0:200::/56")),
                                      null, 56));
        bringUp(SINGLE);
        clock.addAndGet(SubscriberIpv6.MIN_RA_GAP_MILLIS);
        for (String packet : List.of("rs", "solicit", "request")) {
            clock.addAndGet(10);
            relay.receive(port(SINGLE, LINE_PORT), 2,
                          PppoeFrame.session(BNG_MAC, CapturedFrames.SUBSCRIBER, 100, 11, 1, 0x0057,
                                             SubscriberIpv6Test.scapy(packet)));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("subscribers", subscribers());
        assertEquals("bob's IPv4 and IPv6, alice's, bob's delegated prefix", 5, plane.setups.size());
        out.put("entries", written(SINGLE, "bng", plane.setups));
        return out;
    }

    private Map<String, Object> split() throws Exception {
        relay.configure(new BngConfig(port(ACCESS, 2), 30, 4, Map.of(BngConfig.lineKey(100, 11),
                                                                     Ip6Prefix.valueOf("fd33:0:0:2::/64")),
                                      Ip6Prefix.valueOf("fd33:1::/48"), Map.of(), null, 56, FORWARD));
        plane.links.add(link(port(ACCESS, TRUNK_PORT), port(FORWARD, TRUNK_PORT)));
        plane.links.add(link(port(FORWARD, TRUNK_PORT), port(ACCESS, TRUNK_PORT)));
        bringUp(ACCESS);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("subscribers", subscribers());
        out.put("trunk_port", TRUNK_PORT);
        assertEquals("bob's and alice's IPv4 and IPv6, each half", 4, plane.setupsOn.get(ACCESS).size());
        out.put("access_entries", written(ACCESS, "bng-access", plane.setupsOn.get(ACCESS)));
        out.put("forward_entries", written(FORWARD, "bng-forward", plane.setupsOn.get(FORWARD)));
        return out;
    }

    @Test
    public void committedEntriesAreTheRelaysSessionsAsTheBehaviourWritesThem() throws Exception {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("_comment", "Generated by app BngPacketTestEntriesTest (-Dbng.writeEntries=true): the sessions"
                + " of a real client capture the relay brought up, and the entries SixflowBngProgrammable's"
                + " rules make of their attachments on a single BNG (profile bng) and split (bng-access,"
                + " bng-forward).");
        root.put("bng_mac", BNG_MAC.toString().toLowerCase());
        root.put("access_port", LINE_PORT);
        root.put("single", single());
        root.put("split", new BngPacketTestEntriesTest().split());
        checkOrWrite("bng_entries.json", "bng.writeEntries", root);
    }
}
