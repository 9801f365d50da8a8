// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.codec.CodecService;
import org.onosproject.core.CoreService;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.grpc.api.GrpcChannelController;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.DriverService;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.group.GroupService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.intent.WorkPartitionService;
import org.onosproject.net.intf.InterfaceService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.meter.MeterService;
import org.onosproject.net.packet.PacketService;
import org.onosproject.net.pi.runtime.PiCounterCellId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.net.pi.service.PiTranslationService;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.onosproject.rest.ApiDocService;
import org.onosproject.store.service.StorageService;
import org.sixflow.demo.seed.LiveTelemetry;
import org.sixflow.sim.cluster.SimClusterService;
import org.sixflow.sim.cluster.SimLeadershipService;
import org.sixflow.sim.cluster.SimWorkPartitionService;
import org.sixflow.sim.core.SimApiDocService;
import org.sixflow.sim.core.SimCodecService;
import org.sixflow.sim.core.SimComponentConfigService;
import org.sixflow.sim.core.SimCoreService;
import org.sixflow.sim.core.SimEventDispatcher;
import org.sixflow.sim.core.SimGrpcChannelController;
import org.sixflow.sim.core.SimP4RuntimeController;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.p4runtime.SimP4RuntimeClient;
import org.sixflow.sim.runtime.ComponentDescriptor;
import org.sixflow.sim.runtime.ComponentRuntime;
import org.sixflow.sim.runtime.DescriptorLocator;
import org.sixflow.sim.store.SimStorageService;

import java.io.IOException;
import java.net.URI;
import java.util.stream.Collectors;

/**
 * One simulated ONOS instance: the core services ONOS would give Sixflow's bundles, in memory
 * (lab/sim, lab/sim-net), and the component runtime that activates every component the bundles
 * on the class path declare (the app's and the pipeconf's OSGI-INF descriptors), wired by their
 * references, as ONOS's SCR does. Closing it deactivates them in reverse order and stops the core.
 */
final class SimulatedOnos implements AutoCloseable {

    /** The topic the experiment manager runs for (ExperimentManager.LEADERSHIP_TOPIC). */
    static final String EXPERIMENTS_TOPIC = "org.sixflow.app.experiments";

    final SimCoreService core = new SimCoreService();
    final SimEventDispatcher events = new SimEventDispatcher();
    final SimStorageService storage = new SimStorageService();
    final SimClusterService cluster = new SimClusterService(SimCoreService.VERSION);
    final SimLeadershipService leadership = new SimLeadershipService(cluster, events);
    // One event dispatcher for the core's services and the network's, as in ONOS.
    final SimNetwork network = new SimNetwork(core, events);
    final ComponentRuntime runtime = new ComponentRuntime(SimulatedOnos.class.getClassLoader());
    final SimComponentConfigService componentConfig = new SimComponentConfigService(runtime);
    /** The switches' P4Runtime clients: counters the GTP-U, ILNP and latency readers read. */
    final SimP4RuntimeController p4Runtime = new SimP4RuntimeController();
    /** Sets a switch's counter cell (live telemetry's tunnel command). */
    final LiveTelemetry.CounterCells counters = (device, counter, index, data) ->
            p4Runtime.simulate(device).setCounterCell(PiCounterCellId.ofIndirect(counter, index), data);

    /**
     * Starts the core and activates the bundles' components.
     *
     * @throws IOException when the descriptors cannot be read
     * @throws org.sixflow.sim.runtime.ComponentStartException when a component cannot be satisfied or activated
     */
    SimulatedOnos() throws IOException {
        // Another instance leads experiments: a run queued here stays queued, as no switch here sends probes.
        leadership.ledElsewhere(EXPERIMENTS_TOPIC);
        runtime.register(CoreService.class, core);
        runtime.register(EventDeliveryService.class, events);
        runtime.register(StorageService.class, storage);
        runtime.register(ClusterService.class, cluster);
        runtime.register(LeadershipService.class, leadership);
        runtime.register(WorkPartitionService.class, new SimWorkPartitionService(cluster));
        runtime.register(ComponentConfigService.class, componentConfig);
        runtime.register(CodecService.class, new SimCodecService());
        runtime.register(ApiDocService.class, new SimApiDocService());
        runtime.register(P4RuntimeController.class, p4Runtime);
        runtime.register(GrpcChannelController.class, new SimGrpcChannelController());
        runtime.register(DeviceService.class, network.deviceService());
        runtime.register(MastershipService.class, network.mastershipService());
        runtime.register(LinkService.class, network.linkService());
        runtime.register(HostService.class, network.hostService());
        runtime.register(FlowRuleService.class, network.flowRuleService());
        runtime.register(GroupService.class, network.groupService());
        runtime.register(DriverService.class, network.driverService());
        runtime.register(PacketService.class, network.packetService());
        runtime.register(NetworkConfigService.class, network.networkConfigService());
        runtime.register(NetworkConfigRegistry.class, network.networkConfigService());
        runtime.register(InterfaceService.class, network.interfaceService());
        runtime.register(EdgePortService.class, network.edgePortService());
        runtime.register(PiPipeconfService.class, network.pipeconfService());
        runtime.register(PiTranslationService.class, network.translationService());
        runtime.register(MeterService.class, network.meterService());
        // The pipeconf's P4Runtime behaviours (BngProgrammable) reach their switch through it.
        network.driverService().addHandlerService(P4RuntimeController.class, p4Runtime);
        // As the lab sets MeterManager before Sixflow starts (onoslab.py): the BNG's per-line meters.
        network.meterService().setUserDefinedIndex(true);
        runtime.add(DescriptorLocator.fromClassLoader(SimulatedOnos.class.getClassLoader()).stream()
                            .filter(SimulatedOnos::sixflows).collect(Collectors.toList()));
        runtime.start();
    }

    /**
     * Connects a switch over P4Runtime, as ONOS's device provider connects it at its netcfg's
     * management address: its counters can be read, as a switch's are, and the pipeconf's
     * P4Runtime behaviours reach it. A switch whose netcfg gives no address is only simulated.
     *
     * @param device the switch
     * @return its simulated P4Runtime client
     */
    SimP4RuntimeClient connectP4Runtime(DeviceId device) {
        BasicDeviceConfig basic = network.networkConfigService().getConfig(device, BasicDeviceConfig.class);
        String address = basic == null ? null : basic.managementAddress();
        return address == null ? p4Runtime.simulate(device) : p4Runtime.connect(device, URI.create(address));
    }

    /**
     * Whether a component is one of Sixflow's bundles' to run here. ONOS's own components on the
     * class path (its P4Runtime drivers, as libraries) are ONOS's: the core services stand for
     * them. The pipeconf's driver registration extends ONOS's bmv2 driver, which only ONOS's
     * driver subsystem holds; the simulated switches have a driver of their own.
     */
    static boolean sixflows(ComponentDescriptor component) {
        return component.implementationClass().startsWith("org.sixflow.")
                && !component.implementationClass().equals("org.sixflow.pipeconf.drivers.SixflowBmv2Driver");
    }

    @Override
    public void close() {
        runtime.close();
        componentConfig.close();
        network.close();
        storage.close();
        events.close();
    }
}
