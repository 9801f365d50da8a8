// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.e2e;

import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.TestServiceDirectory;
import org.onosproject.TestApplicationId;
import org.onosproject.codec.CodecService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.onosproject.net.host.HostService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.app.api.DatabaseHealth;
import org.sixflow.app.api.EventStreamService;
import org.sixflow.app.api.ExperimentService;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.api.InventoryService;
import org.sixflow.app.api.ResourceService;
import org.sixflow.app.api.TelemetryAdminService;
import org.sixflow.app.api.TelemetryService;
import org.sixflow.app.config.SixflowAppConfig;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.experiments.impl.ExperimentManagerFixture;
import org.sixflow.app.experiments.impl.PostgresExperimentStore;
import org.sixflow.app.features.apn6.api.Apn6PolicyAdminService;
import org.sixflow.app.features.apn6.api.Apn6PolicyService;
import org.sixflow.app.features.apn6.impl.Apn6PolicyManagerFixture;
import org.sixflow.app.features.bng.api.BngService;
import org.sixflow.app.features.bng.impl.BngSessionManagerFixture;
import org.sixflow.app.features.gtpu.api.GtpuTunnelAdminService;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;
import org.sixflow.app.features.gtpu.impl.GtpuTunnelManagerFixture;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;
import org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture;
import org.sixflow.app.features.msr6.api.Msr6TreeAdminService;
import org.sixflow.app.features.msr6.api.Msr6TreeService;
import org.sixflow.app.features.msr6.impl.Msr6TreeManagerFixture;
import org.sixflow.app.features.multihoming.api.MultihomingStudyService;
import org.sixflow.app.features.multihoming.impl.MultihomingStudyManagerFixture;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;
import org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture;
import org.sixflow.app.features.routing.api.RoutingService;
import org.sixflow.app.features.routing.impl.RoutingManagerFixture;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.history.HistoryManager;
import org.sixflow.app.impl.EventStreamManagerFixture;
import org.sixflow.app.impl.InventoryManagerFixture;
import org.sixflow.app.resources.ResourceManagerFixture;
import org.sixflow.app.telemetry.TelemetryManagerFixture;
import org.sixflow.app.testing.RestTestSupport;
import org.sixflow.app.testing.TestHostService;
import org.sixflow.app.testing.TestNetworkConfigService;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Sixflow's real managers over simulated ONOS core services: the lab of docker/ (devices and netcfg
 * from docker/netcfg.json, links of docker/mininet/topology.py, as LabNetwork reads them) and a real
 * PostgreSQL behind the history and telemetry managers and the experiments (PostgresExperimentStore;
 * another instance leads experiments, so a run started here stays queued: the simulated lab sends
 * no packets; classes naming a GTP-U tunnel are checked against the tunnel manager). The resource manager reads the pipeconf bundle's compiler output through its real
 * loader; its occupancy collector counts, every few seconds, the entries the tree, policy, tunnel
 * and routing managers installed.
 */
final class LabServices {

    private static final ApplicationId APP_ID = TestApplicationId.create(SixflowConfigRegistrar.APP_NAME);

    final InventoryManagerFixture inventory = new InventoryManagerFixture();
    final Msr6TreeManagerFixture trees = new Msr6TreeManagerFixture();
    final Apn6PolicyManagerFixture policies = new Apn6PolicyManagerFixture();
    final GtpuTunnelManagerFixture tunnels = new GtpuTunnelManagerFixture();
    /** NPTv6 mappings: its own lab network, every device on the nptv6 profile, beijing and nanjing with ports 1-4. */
    final Nptv6MappingManagerFixture mappings = new Nptv6MappingManagerFixture();
    /** ILNP sites: their own lab network as the mappings', checked against those mappings. */
    final IlnpSiteManagerFixture ilnpSites = new IlnpSiteManagerFixture(mappings);
    final TelemetryManagerFixture telemetry = new TelemetryManagerFixture();
    final EventStreamManagerFixture streams = new EventStreamManagerFixture();
    final TestNetworkConfigService appConfig = new TestNetworkConfigService();
    /** The PPPoE relay, holding the sessions of a real capture (BngSessionManagerFixture.replayCapturedSessions). */
    final BngSessionManagerFixture bng = new BngSessionManagerFixture(inventory.devices, appConfig);
    final TestHostService hosts = TestHostService.lab();
    final RoutingManagerFixture routing = new RoutingManagerFixture(trees.lab, hosts);
    final History history;
    final ResourceManagerFixture resources;
    final ExperimentManagerFixture<PostgresExperimentStore> experiments;
    final MultihomingStudyManagerFixture studies;

    /** Seconds between the occupancy collector's rounds: the dashboard sees new entries soon. */
    private static final int OCCUPANCY_SECONDS = 5;

    /** The history manager, wired as OSGi would wire it. */
    static final class History extends HistoryManager {
        History(TestNetworkConfigService netcfg) {
            configService = netcfg;
            coreService = new CoreServiceAdapter() {
                @Override
                public ApplicationId registerApplication(String name) {
                    return APP_ID;
                }
            };
            activate();
        }

        void stop() {
            deactivate();
        }
    }

    /**
     * Builds the services; the history database is the PostgreSQL at the given JDBC URL.
     *
     * @param jdbcUrl PostgreSQL URL (user postgres, no password)
     */
    LabServices(String jdbcUrl) {
        // The demo runs for hours: nothing here reads the fixtures' recorded events.
        trees.stopRecordingEvents();
        policies.stopRecordingEvents();
        routing.stopRecordingEvents();
        SixflowConfigRegistrar.FACTORIES.forEach(inventory.netcfg::registerConfigFactory);
        inventory.pipeconfs.register(BundledPipeconfs.bmv2());
        for (Device device : trees.lab.devices.getDevices()) {
            inventory.devices.addSwitch(device.id().toString(), true);
            SixflowDeviceConfig config = trees.lab.netcfg.getConfig(device.id(), SixflowDeviceConfig.class);
            if (config != null) {
                inventory.netcfg.applyConfig(device.id(), SixflowDeviceConfig.class,
                                             (com.fasterxml.jackson.databind.node.ObjectNode) config.node());
            }
            inventory.pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, device.id());
        }
        SixflowConfigRegistrar.FACTORIES.forEach(appConfig::registerConfigFactory);
        history = new History(appConfig);
        appConfig.applyConfig(APP_ID, SixflowAppConfig.class, appConfig.json(
                "{\"database\": {\"url\": \"" + jdbcUrl + "\", \"user\": \"postgres\", \"password\": \"\"}}"));
        resources = new ResourceManagerFixture(inventory.devices, inventory.pipeconfs, new InstalledRules(),
                                               telemetry.manager, history, Duration.ZERO, OCCUPANCY_SECONDS);
        experiments = new ExperimentManagerFixture<>(trees.lab, trees.manager, policies.manager,
                                                     ExperimentManagerFixture.postgresStore(history));
        experiments.connectTunnels(tunnels.manager);
        studies = new MultihomingStudyManagerFixture(history, mappings.manager, ilnpSites.manager, routing.manager,
                                                     inventory.devices, telemetry.manager);
    }

    /** Stops what runs on its own: the experiment manager, the occupancy collector and the history manager. */
    void stop() {
        bng.stop();
        studies.deactivate();
        ilnpSites.deactivate();
        mappings.deactivate();
        experiments.close();
        resources.stop();
        history.stop();
    }

    /**
     * The flow entries of the lab's devices: every rule the tree, policy, tunnel and routing
     * managers installed, as confirmed on the device.
     */
    private final class InstalledRules extends FlowRuleServiceAdapter {
        @Override
        public Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
            // The managers install from REST threads into plain lists: a round whose copy meets a
            // change fails (the collector logs it) and the next round counts.
            List<FlowRule> installed = new ArrayList<>(trees.rules);
            installed.addAll(policies.rules());
            installed.addAll(tunnels.rules());
            installed.addAll(routing.flows.entries());
            return installed.stream().filter(r -> r.deviceId().equals(deviceId))
                    .map(r -> new DefaultFlowEntry(r, FlowEntry.FlowEntryState.ADDED, 0, 0, 0))
                    .collect(Collectors.toList());
        }
    }

    /**
     * What ONOS's REST layer looks services up in.
     *
     * @return the service directory
     */
    ServiceDirectory directory() {
        return new TestServiceDirectory()
                .add(InventoryService.class, inventory.manager)
                .add(DeviceService.class, inventory.devices)
                .add(PiPipeconfService.class, inventory.pipeconfs)
                .add(HistoryService.class, history)
                .add(Msr6TreeService.class, trees.manager)
                .add(Msr6TreeAdminService.class, trees.manager)
                .add(HostService.class, hosts)
                .add(LinkService.class, trees.lab.linkService)
                .add(Apn6PolicyService.class, policies.manager)
                .add(Apn6PolicyAdminService.class, policies.manager)
                .add(GtpuTunnelService.class, tunnels.manager)
                .add(GtpuTunnelAdminService.class, tunnels.manager)
                .add(Nptv6MappingService.class, mappings.manager)
                .add(IlnpSiteService.class, ilnpSites.manager)
                .add(BngService.class, bng.manager)
                .add(TelemetryService.class, telemetry.manager)
                .add(TelemetryAdminService.class, telemetry.manager)
                .add(EventStreamService.class, streams.manager)
                .add(ResourceService.class, resources.manager)
                .add(RoutingService.class, routing.manager)
                .add(ExperimentService.class, experiments.manager)
                .add(MultihomingStudyService.class, studies.manager)
                .add(CodecService.class, RestTestSupport.codecService());
    }

    /**
     * Waits until the history database is up (the lab's PostgreSQL and migrations), at most 30 s.
     *
     * @return the database
     * @throws InterruptedException when interrupted while waiting
     */
    HistoryDatabase awaitDatabase() throws InterruptedException {
        for (int i = 0; i < 300; i++) {
            if (history.health().status() == DatabaseHealth.Status.UP && history.database().isPresent()) {
                return history.database().get();
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("history database did not come up: " + history.health().message());
    }
}
