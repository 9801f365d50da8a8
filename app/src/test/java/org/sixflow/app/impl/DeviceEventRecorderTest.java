// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.cluster.ClusterServiceAdapter;
import org.onosproject.cluster.LeadershipServiceAdapter;
import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfEvent;
import org.onosproject.net.pi.service.PiPipeconfListener;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.testing.TestDeviceService;
import org.sixflow.app.testing.TestHistoryService;
import org.sixflow.app.testing.TestPipeconfService;

import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Device and pipeconf events reach the history once per cluster.
 */
public class DeviceEventRecorderTest {

    private static final NodeId LOCAL = new NodeId("onos-1");

    private final TestDeviceService devices = new TestDeviceService();
    private final TestHistoryService history = new TestHistoryService();
    private final List<PiPipeconfListener> pipeconfListeners = new ArrayList<>();
    private DeviceEventRecorder recorder;
    private boolean localMaster;
    private NodeId leader;

    @Before
    public void setUp() {
        recorder = new DeviceEventRecorder();
        recorder.deviceService = devices;
        recorder.historyService = history;
        recorder.mastershipService = new MastershipServiceAdapter() {
            @Override
            public boolean isLocalMaster(DeviceId deviceId) {
                return localMaster;
            }
        };
        recorder.pipeconfService = new TestPipeconfService() {
            @Override
            public void addListener(PiPipeconfListener listener) {
                pipeconfListeners.add(listener);
            }
        };
        recorder.clusterService = new ClusterServiceAdapter() {
            @Override
            public org.onosproject.cluster.ControllerNode getLocalNode() {
                return new org.onosproject.cluster.DefaultControllerNode(LOCAL, org.onlab.packet.IpAddress.valueOf("127.0.0.1"));
            }
        };
        recorder.leadershipService = new LeadershipServiceAdapter() {
            @Override
            public NodeId getLeader(String path) {
                return leader;
            }
        };
        recorder.activate();
    }

    /** Delivers an event as ONOS's listener registry does: only to listeners it is relevant to. */
    private void pipeconfRegistered() {
        PiPipeconfEvent event = new PiPipeconfEvent(PiPipeconfEvent.Type.REGISTERED,
                                                    new PiPipeconfId("org.sixflow.full.bmv2"));
        pipeconfListeners.stream().filter(l -> l.isRelevant(event)).forEach(l -> l.event(event));
    }

    @Test
    public void masterRecordsAvailabilityChanges() {
        Device beijing = devices.addSwitch("device:beijing", false);
        localMaster = true;
        devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, beijing, null, 1_000L));
        HistoryEvent recorded = history.recorded().get(0);
        assertEquals("DEVICE_AVAILABILITY_CHANGED", recorded.kind());
        assertEquals("device:beijing", recorded.subject());
        assertEquals("unavailable", recorded.detail());
        assertEquals(1_000L, recorded.time().toEpochMilli());
    }

    @Test
    public void nonMasterRecordsNothingAndStatisticsAreIgnored() {
        Device beijing = devices.addSwitch("device:beijing", true);
        localMaster = false;
        devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_ADDED, beijing));
        localMaster = true;
        devices.emit(new DeviceEvent(DeviceEvent.Type.PORT_STATS_UPDATED, beijing));
        assertTrue(history.recorded().isEmpty());
    }

    @Test
    public void removalsAndPipeconfsAreRecordedByTheLeaderOnly() {
        Device beijing = devices.addSwitch("device:beijing", true);
        leader = new NodeId("onos-2");
        devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_REMOVED, beijing));
        pipeconfRegistered();
        assertTrue(history.recorded().isEmpty());

        leader = LOCAL;
        devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_REMOVED, beijing));
        pipeconfRegistered();
        assertEquals(2, history.recorded().size());
        assertEquals("DEVICE_REMOVED", history.recorded().get(0).kind());
        assertEquals("PIPECONF_REGISTERED", history.recorded().get(1).kind());
        assertEquals("org.sixflow.full.bmv2", history.recorded().get(1).subject());
    }
}
