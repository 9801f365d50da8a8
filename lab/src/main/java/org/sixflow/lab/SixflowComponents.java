// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab;

import org.onosproject.codec.CodecService;
import org.onosproject.codec.impl.CodecManager;
import org.sixflow.app.api.Apn6PolicyAdminService;
import org.sixflow.app.api.Apn6PolicyService;
import org.sixflow.app.api.Apn6PolicyStore;
import org.sixflow.app.api.EventStreamService;
import org.sixflow.app.api.ExperimentService;
import org.sixflow.app.api.ExperimentStore;
import org.sixflow.app.api.GtpuEchoService;
import org.sixflow.app.api.GtpuTunnelAdminService;
import org.sixflow.app.api.GtpuTunnelService;
import org.sixflow.app.api.GtpuTunnelStore;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.api.InventoryService;
import org.sixflow.app.api.Msr6TreeAdminService;
import org.sixflow.app.api.Msr6TreeService;
import org.sixflow.app.api.Msr6TreeStore;
import org.sixflow.app.api.PacketTooBigService;
import org.sixflow.app.api.ReportSamplingService;
import org.sixflow.app.api.ResourceService;
import org.sixflow.app.api.RoutingService;
import org.sixflow.app.api.TelemetryAdminService;
import org.sixflow.app.api.TelemetryService;
import org.sixflow.app.apn6.impl.Apn6PolicyManager;
import org.sixflow.app.apn6.impl.DistributedApn6PolicyStore;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.experiments.impl.ExperimentManager;
import org.sixflow.app.experiments.impl.PostgresExperimentStore;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;
import org.sixflow.app.features.nptv6.api.Nptv6MappingStore;
import org.sixflow.app.features.nptv6.impl.DistributedNptv6MappingStore;
import org.sixflow.app.features.nptv6.impl.Nptv6MappingManager;
import org.sixflow.app.gtpu.echo.GtpuEchoResponder;
import org.sixflow.app.gtpu.impl.DistributedGtpuTunnelStore;
import org.sixflow.app.gtpu.impl.GtpuTunnelManager;
import org.sixflow.app.gtpu.signalling.GtpuErrorIndicationSender;
import org.sixflow.app.gtpu.signalling.GtpuSignallingRecorder;
import org.sixflow.app.history.HistoryDatabaseService;
import org.sixflow.app.history.HistoryManager;
import org.sixflow.app.impl.DeviceEventRecorder;
import org.sixflow.app.impl.EventStreamManager;
import org.sixflow.app.impl.InventoryManager;
import org.sixflow.app.msr6.impl.DistributedMsr6TreeStore;
import org.sixflow.app.msr6.impl.Msr6TreeManager;
import org.sixflow.app.resources.OccupancyReadings;
import org.sixflow.app.resources.ResourceManager;
import org.sixflow.app.resources.TableOccupancyCollector;
import org.sixflow.app.rest.SixflowCodecRegistrator;
import org.sixflow.app.routing.PacketTooBigResponder;
import org.sixflow.app.routing.RouterIcmpResponder;
import org.sixflow.app.routing.RouterNdpResponder;
import org.sixflow.app.routing.RoutingManager;
import org.sixflow.app.telemetry.TelemetryManager;
import org.sixflow.app.telemetry.aggregate.LatencyAggregatePoller;
import org.sixflow.app.telemetry.gnmi.GnmiPortCollector;
import org.sixflow.app.telemetry.report.TelemetryReportCollector;
import org.sixflow.lab.runtime.LabComponents;

/**
 * Sixflow's components, activated over the lab's services in the order OSGi would satisfy their
 * references: configuration and history first, then the managers, then the collectors that use
 * them. A new component is one line here.
 */
public final class SixflowComponents {

    private SixflowComponents() {
    }

    /**
     * Activates every Sixflow component.
     *
     * @param components the directory holding the lab's ONOS services
     */
    public static void activate(LabComponents components) {
        CodecManager codecs = new CodecManager();
        codecs.activate();
        components.register(CodecService.class, codecs);
        components.activate(new SixflowCodecRegistrator());
        components.activate(new SixflowConfigRegistrar());
        components.activate(new HistoryManager(), HistoryService.class, HistoryDatabaseService.class);
        components.activate(new TelemetryManager(), TelemetryService.class, TelemetryAdminService.class);
        components.activate(new EventStreamManager(), EventStreamService.class);
        components.activate(new InventoryManager(), InventoryService.class);
        components.activate(new DeviceEventRecorder());
        components.activate(new DistributedMsr6TreeStore(), Msr6TreeStore.class);
        components.activate(new Msr6TreeManager(), Msr6TreeService.class, Msr6TreeAdminService.class);
        components.activate(new DistributedApn6PolicyStore(), Apn6PolicyStore.class);
        components.activate(new Apn6PolicyManager(), Apn6PolicyService.class, Apn6PolicyAdminService.class);
        components.activate(new DistributedGtpuTunnelStore(), GtpuTunnelStore.class);
        components.activate(new GtpuTunnelManager(), GtpuTunnelService.class, GtpuTunnelAdminService.class);
        components.activate(new DistributedNptv6MappingStore(), Nptv6MappingStore.class);
        components.activate(new Nptv6MappingManager(), Nptv6MappingService.class);
        // Routing: plain IPv6 between hosts, locators and SIDs, and NDP for the routers' addresses.
        components.activate(new RoutingManager(), RoutingService.class);
        components.activate(new RouterNdpResponder());
        components.activate(new PacketTooBigResponder(), PacketTooBigService.class);
        // Routing's punts: Time Exceeded, Destination Unreachable, pings to the routers' addresses.
        components.activate(new RouterIcmpResponder());
        // GTP-U path management: echo requests the routers punt from their N3 addresses, answered
        // for the tunnels' N3 addresses (after the tunnel manager: it reads the tunnel service).
        components.activate(new GtpuEchoResponder(), GtpuEchoService.class);
        // GTP-U signalling: Error Indications for unknown TEIDs, and the peers' messages recorded.
        components.activate(new GtpuErrorIndicationSender());
        components.activate(new GtpuSignallingRecorder());
        components.activate(new TableOccupancyCollector(), OccupancyReadings.class);
        components.activate(new ResourceManager(), ResourceService.class);
        components.activate(new TelemetryReportCollector(), ReportSamplingService.class);
        components.activate(new PostgresExperimentStore(), ExperimentStore.class);
        components.activate(new ExperimentManager(), ExperimentService.class);
        components.activate(new LatencyAggregatePoller());
        components.activate(new GnmiPortCollector());
    }
}
