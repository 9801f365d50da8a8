// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.onlab.packet.IpAddress;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cluster.ClusterServiceAdapter;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.NodeId;
import org.onosproject.net.device.DeviceService;
import org.sixflow.app.api.TelemetryService;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;
import org.sixflow.app.features.routing.api.RoutingService;
import org.sixflow.app.history.HistoryDatabaseService;

import java.time.Clock;

/**
 * A study manager over the history database and the given services, with no command configured
 * (as on a controller without lab hosts): studies are stored and read back, a run is refused
 * naming the hostCommands entries it lacks. For harnesses outside this package (the demo).
 */
public final class MultihomingStudyManagerFixture {

    /** The manager, activated. */
    public final MultihomingStudyManager manager;

    /**
     * Creates and activates the manager.
     *
     * @param history   the history database
     * @param nptv6     NPTv6 mappings
     * @param ilnp      ILNP sites
     * @param routing   routes
     * @param devices   devices
     * @param telemetry telemetry
     */
    public MultihomingStudyManagerFixture(HistoryDatabaseService history, Nptv6MappingService nptv6,
                                          IlnpSiteService ilnp, RoutingService routing, DeviceService devices,
                                          TelemetryService telemetry) {
        PostgresStudyStore store = new PostgresStudyStore();
        store.historyDatabase = history;
        manager = new MultihomingStudyManager(Clock.systemUTC(), new ProcessCommandRunner());
        manager.componentConfigService = new ComponentConfigAdapter();
        manager.clusterService = new ClusterServiceAdapter() {
            @Override
            public ControllerNode getLocalNode() {
                return new DefaultControllerNode(NodeId.nodeId("demo"), IpAddress.valueOf("127.0.0.1"));
            }
        };
        manager.store = store;
        manager.nptv6Service = nptv6;
        manager.ilnpService = ilnp;
        manager.routingService = routing;
        manager.deviceService = devices;
        manager.telemetryService = telemetry;
        manager.activate(null);
    }

    /** Stops the manager. */
    public void deactivate() {
        manager.deactivate();
    }
}
