// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.sixflow.app.features.bng.api.BngConfig;
import org.sixflow.app.features.bng.api.BngSessionState;
import org.sixflow.app.testing.TestNetworkConfigService;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The BNG relay's component, activated over test services: the dashboard harness serves its REST
 * resources with it. Its network records packet-outs and accepts every attachment (no device of
 * the harness runs a BNG profile); {@link #replayCapturedSessions()} gives it the sessions of a
 * real capture.
 */
public final class BngSessionManagerFixture {

    private static final ApplicationId APP_ID = TestApplicationId.create("org.sixflow.app");
    /** Where the captured subscribers and server are, as the relay's tests place them. */
    public static final ConnectPoint ACCESS = ConnectPoint.deviceConnectPoint("device:bng/1");
    public static final ConnectPoint SERVER = ConnectPoint.deviceConnectPoint("device:bng/2");
    private static final MacAddress BNG_MAC = MacAddress.valueOf("02:00:00:00:0b:01");
    private static final long REPLAY_WAIT_MILLIS = 10_000;

    private final RecordingDataPlane plane = new RecordingDataPlane();

    public final BngSessionManager manager = new BngSessionManager() {
        @Override
        BngDataPlane dataPlane() {
            return plane;
        }
    };

    /**
     * Activates the component.
     *
     * @param devices the devices it looks BNG behaviours up on
     * @param netcfg  where its configuration lives
     */
    public BngSessionManagerFixture(DeviceService devices, TestNetworkConfigService netcfg) {
        manager.packetService = new PacketServiceAdapter();
        manager.deviceService = devices;
        manager.netcfg = netcfg;
        manager.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return APP_ID;
            }
        };
        manager.activate();
    }

    /**
     * Replays the real capture (lab/pppoe's VM system test) into the relay, as the subscribers and
     * the server sent it, but for the ends of two sessions: bob (C-tag 11) and alice (C-tag 10)
     * stay UP with their entries installed, mallory (C-tag 12) is refused and ENDED. LCP echoes
     * are expected hourly, so nothing times out while the harness runs.
     *
     * @throws IllegalStateException when the relay has not followed the three sessions in time
     */
    public void replayCapturedSessions() {
        plane.macs.put(ACCESS.deviceId(), BNG_MAC);
        manager.configure(new BngConfig(SERVER, BngConfig.MAX_ECHO_INTERVAL_SECONDS, BngConfig.DEFAULT_ECHO_MISSES,
                                        Map.of(BngConfig.lineKey(100, 10), Ip6Prefix.valueOf("fd33:0:0:1::/64"),
                                               BngConfig.lineKey(100, 11), Ip6Prefix.valueOf("fd33:0:0:2::/64")),
                                        Ip6Prefix.valueOf("fd33:1::/48")));
        Set<Integer> ended = new HashSet<>();
        for (CapturedFrames.Captured c : CapturedFrames.all()) {
            boolean ending = c.name.equals("PADT") || c.name.equals("LCP-5") || c.name.equals("LCP-6");
            if (c.cVid != 12 && (ending || ended.contains(c.cVid))) {
                ended.add(c.cVid);
                continue;
            }
            manager.receive(c.fromSubscriber() ? ACCESS : SERVER, c.fromSubscriber() ? c.cVid - 9 : 0,
                            c.sentThrough(BNG_MAC));
        }
        long deadline = System.currentTimeMillis() + REPLAY_WAIT_MILLIS;
        while (manager.sessions().stream().filter(s -> s.state() == BngSessionState.UP).count() < 2
                || manager.sessions().size() < 3) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("the relay did not follow the captured sessions: " + manager.sessions());
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** Stops the component's threads. */
    public void stop() {
        manager.deactivate();
    }
}
