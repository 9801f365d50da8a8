// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.pi.service.PiPipeconfEvent;
import org.onosproject.net.pi.service.PiPipeconfListener;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.HistoryService;

import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;

/**
 * Writes device and pipeconf events to the history, for the dashboard's "recent events".
 *
 * <p>In a cluster every instance sees every device event: only the device's master records it.
 * Removed devices have no master and every instance registers pipeconfs locally, so those
 * events are recorded by the leader of {@link #LEADERSHIP_TOPIC} alone.
 */
@Component(immediate = true)
public class DeviceEventRecorder {

    /** Device events worth keeping; port statistics updates would drown the rest. */
    static final Set<DeviceEvent.Type> RECORDED = EnumSet.of(
            DeviceEvent.Type.DEVICE_ADDED, DeviceEvent.Type.DEVICE_REMOVED,
            DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, DeviceEvent.Type.PORT_UPDATED);

    static final String LEADERSHIP_TOPIC = "org.sixflow.app.history";

    private final DeviceListener deviceListener = new InternalDeviceListener();
    private final PiPipeconfListener pipeconfListener = new InternalPipeconfListener();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LeadershipService leadershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClusterService clusterService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HistoryService historyService;

    @Activate
    protected void activate() {
        leadershipService.runForLeadership(LEADERSHIP_TOPIC);
        deviceService.addListener(deviceListener);
        pipeconfService.addListener(pipeconfListener);
    }

    @Deactivate
    protected void deactivate() {
        deviceService.removeListener(deviceListener);
        pipeconfService.removeListener(pipeconfListener);
        leadershipService.withdraw(LEADERSHIP_TOPIC);
    }

    private boolean isLeader() {
        NodeId leader = leadershipService.getLeader(LEADERSHIP_TOPIC);
        return clusterService.getLocalNode().id().equals(leader);
    }

    static String describe(DeviceEvent event, boolean available) {
        switch (event.type()) {
            case DEVICE_AVAILABILITY_CHANGED:
                return available ? "available" : "unavailable";
            case PORT_UPDATED:
                return "port " + event.port().number() + (event.port().isEnabled() ? " up" : " down");
            default:
                return "";
        }
    }

    private class InternalDeviceListener implements DeviceListener {
        @Override
        public boolean isRelevant(DeviceEvent event) {
            if (!RECORDED.contains(event.type())) {
                return false;
            }
            return event.type() == DeviceEvent.Type.DEVICE_REMOVED
                    ? isLeader() : mastershipService.isLocalMaster(event.subject().id());
        }

        @Override
        public void event(DeviceEvent event) {
            String detail = describe(event, deviceService.isAvailable(event.subject().id()));
            historyService.record(HistoryEvent.of(Instant.ofEpochMilli(event.time()), event.type().name(),
                                                  event.subject().id().toString(), detail));
        }
    }

    private class InternalPipeconfListener implements PiPipeconfListener {
        @Override
        public boolean isRelevant(PiPipeconfEvent event) {
            return isLeader();
        }

        @Override
        public void event(PiPipeconfEvent event) {
            historyService.record(HistoryEvent.of(Instant.ofEpochMilli(event.time()), "PIPECONF_" + event.type(),
                                                  event.subject().toString(), ""));
        }
    }
}
