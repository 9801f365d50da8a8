// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.seed;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.Config;
import org.sixflow.app.features.bng.api.BngService;
import org.sixflow.app.features.bng.api.BngSession;
import org.sixflow.app.features.bng.api.BngSessionState;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.PuntReason;
import org.sixflow.sim.net.SimNetwork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Subscribers on the bng lab's switch, from a real capture ({@link PppoeCapture}): the BNG is
 * configured as the lab configures it ({@link BngLabConfig}), then the capture's frames reach the
 * app's BNG relay as the switch would punt them: a subscriber's at the subscribers' port (1) with
 * its line's id in the packet-in ({@link SwitchLineMap}: 0 until the relay provisioned the line),
 * the server's at the server's port (2), line 0, both in the line's S-tag and C-tag. The relay
 * answers through the packet service and installs each session's entries through the switch's
 * BngProgrammable, as in the lab. A session the server refused is replayed whole; the others stop
 * before their first frame that ends them (PADT, LCP Terminate), so that they stay UP: alice
 * and bob UP, mallory refused.
 */
public final class CapturedSubscribers {

    /** The bng lab's switch (lab/topologies/bng.json). */
    public static final DeviceId BNG = DeviceId.deviceId("device:bng");
    static final ConnectPoint ACCESS = new ConnectPoint(BNG, PortNumber.portNumber(1));
    static final ConnectPoint SERVER = new ConnectPoint(BNG, PortNumber.portNumber(2));
    /** PAP Authenticate-Nak, CHAP Failure: the server refused the subscriber. */
    private static final Set<String> REFUSALS = Set.of("PAP-3", "CHAP-4");
    /** PADT, LCP Terminate-Request and Terminate-Ack: the session ends. */
    private static final Set<String> ENDINGS = Set.of("PADT", "LCP-5", "LCP-6");
    private static final long FOLLOW_MILLIS = 10_000;

    private static final Logger log = LoggerFactory.getLogger(CapturedSubscribers.class);

    private CapturedSubscribers() {
    }

    /**
     * Configures the BNG and replays the capture into the relay, if the network has the bng lab's switch.
     *
     * @param network the simulated network, the switch's netcfg applied
     * @param bng     the app's BNG service
     * @return false when there is no such switch (the demo runs without the bng topology)
     * @throws IllegalStateException when the relay does not take a frame, or does not end with the
     *                               sessions the capture brings up
     */
    public static boolean replay(SimNetwork network, BngService bng) {
        if (network.deviceService().getDevice(BNG) == null) {
            return false;
        }
        MacAddress bngMac = routerMac(network);
        network.networkConfigService().applyJson(BngLabConfig.document(new ObjectMapper(), ACCESS, SERVER, bngMac));
        network.awaitEvents();
        if (!bng.config().server().equals(Optional.of(SERVER))) {
            throw new IllegalStateException("the BNG relay did not take its configuration: " + bng.config());
        }
        List<PppoeCapture.Frame> all = PppoeCapture.frames();
        Set<Integer> refused = all.stream().filter(f -> REFUSALS.contains(f.name)).map(f -> f.cVid)
                .collect(Collectors.toSet());
        List<PppoeCapture.Frame> frames = replayed(all, refused);
        try (RelayProgress progress = new RelayProgress(network.packetService(), bng, BNG)) {
            for (PppoeCapture.Frame frame : frames) {
                long before = progress.mark();
                deliver(network, frame, bngMac);
                progress.awaitTaken(before, frame);
            }
        }
        long lines = all.stream().map(f -> f.cVid).distinct().count();
        List<BngSession> sessions = follow(bng, (int) (lines - refused.size()), (int) lines);
        log.info("Replayed {} captured PPPoE frames into {}: {}", frames.size(), BNG, sessions.stream()
                .map(s -> s.line().name() + " " + s.user().orElse("?") + " " + s.state())
                .collect(Collectors.joining(", ")));
        return true;
    }

    /** The MAC the lab's BNG answers as: its router MAC (netcfg devices.&lt;id&gt;.sixflow.myStationMac). */
    private static MacAddress routerMac(SimNetwork network) {
        for (Config<DeviceId> config : network.networkConfigService().getConfigs(BNG)) {
            if ("sixflow".equals(config.key()) && config.node().hasNonNull("myStationMac")) {
                return MacAddress.valueOf(config.node().get("myStationMac").asText());
            }
        }
        throw new IllegalStateException(BNG + "'s netcfg has no sixflow.myStationMac");
    }

    /** The frames to replay: the refused lines' all, the others' up to their first ending frame. */
    private static List<PppoeCapture.Frame> replayed(List<PppoeCapture.Frame> all, Set<Integer> refused) {
        Set<Integer> ended = new HashSet<>();
        List<PppoeCapture.Frame> frames = new ArrayList<>();
        for (PppoeCapture.Frame frame : all) {
            if (!refused.contains(frame.cVid) && (ENDINGS.contains(frame.name) || ended.contains(frame.cVid))) {
                ended.add(frame.cVid);
                continue;
            }
            frames.add(frame);
        }
        return frames;
    }

    /** Punts a frame to the controller as the switch does, with the line it came from. */
    private static void deliver(SimNetwork network, PppoeCapture.Frame frame, MacAddress bngMac) {
        if (frame.fromSubscriber()) {
            int line = SwitchLineMap.lineId(network.flowRuleService(), BNG, ACCESS.port(), frame.sVid, frame.cVid);
            network.packetService().inject(ACCESS, frame.sentThrough(bngMac),
                                           PuntReason.cookie(P4Defines.PUNT_ASKED, line));
        } else {
            network.packetService().inject(SERVER, frame.sentThrough(bngMac), PuntReason.cookie(P4Defines.PUNT_ASKED));
        }
    }

    /** Waits until the relay follows the captured sessions: this many UP, this many in all. */
    private static List<BngSession> follow(BngService bng, int up, int all) {
        long deadline = System.currentTimeMillis() + FOLLOW_MILLIS;
        while (true) {
            List<BngSession> sessions = bng.sessions();
            if (sessions.stream().filter(s -> s.state() == BngSessionState.UP).count() == up
                    && sessions.size() == all) {
                return sessions;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("the BNG relay did not follow the captured sessions (" + up
                                                        + " UP of " + all + "): " + sessions);
            }
            RelayProgress.pause();
        }
    }
}
