// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.core.CoreService;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.grpc.api.GrpcChannelController;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.DriverService;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flowobjective.FlowObjectiveService;
import org.onosproject.net.group.GroupService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.intent.WorkPartitionService;
import org.onosproject.net.intf.InterfaceService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.packet.PacketService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.net.topology.TopologyService;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.onosproject.store.service.StorageService;
import org.sixflow.app.api.HostTrafficGenerator;
import org.sixflow.lab.config.LabNetworkConfig;
import org.sixflow.lab.config.LabState;
import org.sixflow.lab.device.LabDeviceManager;
import org.sixflow.lab.device.LabPipeconfs;
import org.sixflow.lab.flow.LabFlowObjectiveManager;
import org.sixflow.lab.flow.LabFlowRuleManager;
import org.sixflow.lab.flow.LabGroupDrivers;
import org.sixflow.lab.flow.LabGroupManager;
import org.sixflow.lab.onos.LabGrpcChannels;
import org.sixflow.lab.onos.LabP4RuntimeController;
import org.sixflow.lab.packet.LabPacketManager;
import org.sixflow.lab.runtime.LabCluster;
import org.sixflow.lab.runtime.LabComponentConfig;
import org.sixflow.lab.runtime.LabComponents;
import org.sixflow.lab.runtime.LabCore;
import org.sixflow.lab.runtime.LabEventDispatcher;
import org.sixflow.lab.runtime.LabLeadership;
import org.sixflow.lab.runtime.LabMastership;
import org.sixflow.lab.runtime.LabStorage;
import org.sixflow.lab.runtime.LabWorkPartitions;
import org.sixflow.lab.topology.LabEdgePorts;
import org.sixflow.lab.topology.LabHostManager;
import org.sixflow.lab.topology.LabInterfaces;
import org.sixflow.lab.topology.LabLinkManager;
import org.sixflow.lab.topology.LabTopologyManager;
import org.sixflow.lab.topology.LldpLinkDiscovery;
import org.sixflow.lab.traffic.LabHostTrafficGenerator;
import org.sixflow.lab.translate.TranslationException;
import org.sixflow.pipeconf.CompilerOutputService;
import org.sixflow.pipeconf.PipeconfLoader;

import java.nio.file.Paths;

/**
 * The ONOS core services Sixflow uses, for one lab process, over P4Runtime to the lab's switches:
 * built and wired here, registered in a {@link LabComponents} directory where Sixflow's
 * components find them. The pipeconf module's PipeconfLoader registers the pipeconfs, as in ONOS.
 */
public final class LabSouthbound {

    /** Time between LLDP probe rounds. */
    public static final long PROBE_MILLIS = 1000;

    private final LabComponents components = new LabComponents();
    private final LabEventDispatcher events = new LabEventDispatcher();
    private final LabCore core = new LabCore();
    private final LabNetworkConfig netcfg;
    private final LabPipeconfs pipeconfs;
    private final LabDeviceManager devices;
    private final LabFlowRuleManager flows;
    private final LabGroupManager groups;
    private final LabPacketManager packets;
    private final LabLinkManager links;
    private final LabHostManager hosts;
    private final LldpLinkDiscovery discovery;

    /**
     * Builds the services; nothing connects until {@link #start()}.
     *
     * @param state the switches (and hosts) of the lab network
     */
    public LabSouthbound(LabState state) {
        netcfg = new LabNetworkConfig(core, events);
        components.register(EventDeliveryService.class, events);
        components.register(CoreService.class, core);
        components.register(ClusterService.class, new LabCluster());
        components.register(LeadershipService.class, new LabLeadership());
        components.register(WorkPartitionService.class, new LabWorkPartitions());
        components.register(ComponentConfigService.class, new LabComponentConfig(components));
        components.register(StorageService.class, new LabStorage());
        components.register(NetworkConfigService.class, netcfg);
        components.register(NetworkConfigRegistry.class, netcfg);

        pipeconfs = components.register(LabPipeconfs.class, new LabPipeconfs(events));
        components.register(PiPipeconfService.class, pipeconfs);
        devices = new LabDeviceManager(state, netcfg, pipeconfs, components, events);
        components.register(DeviceService.class, devices);
        components.register(MastershipService.class, new LabMastership(devices));

        flows = new LabFlowRuleManager(devices, events);
        groups = new LabGroupManager(devices, flows, events);
        LabFlowObjectiveManager objectives = new LabFlowObjectiveManager(pipeconfs, components);
        packets = new LabPacketManager(devices, objectives, core);
        // Groups are written back before the flow rules that point at them.
        devices.addSwitchListener(groups);
        devices.addSwitchListener(flows);
        devices.addSwitchListener(packets);
        components.register(FlowRuleService.class, flows);
        components.register(GroupService.class, groups);
        components.register(DriverService.class, new LabGroupDrivers(devices, groups));
        components.register(FlowObjectiveService.class, objectives);
        components.register(PacketService.class, packets);

        links = new LabLinkManager(devices, events);
        LabEdgePorts edges = new LabEdgePorts(devices, links, packets, events);
        hosts = new LabHostManager(netcfg, edges, packets, core, events);
        components.register(LinkService.class, links);
        components.register(TopologyService.class, new LabTopologyManager(devices, links, events));
        components.register(EdgePortService.class, edges);
        components.register(HostService.class, hosts);
        components.register(InterfaceService.class, new LabInterfaces(netcfg));
        // Experiments' HOSTS traffic: a sender in the hosts' namespaces (LabMain runs at the repository's top).
        components.register(HostTrafficGenerator.class,
                            new LabHostTrafficGenerator(state, Paths.get("lab", "net", "hosttools.py"), "python3"));
        discovery = new LldpLinkDiscovery(devices, packets, links, core, PROBE_MILLIS);

        components.register(GrpcChannelController.class, new LabGrpcChannels(devices));
        components.register(P4RuntimeController.class, new LabP4RuntimeController(devices));
    }

    /**
     * Registers the pipeconfs, connects to every switch, starts link discovery and host learning.
     *
     * @throws TranslationException if a device's pipeconf is missing or unusable
     */
    public void start() throws TranslationException {
        PipeconfLoader loader = components.activate(new PipeconfLoader());
        components.register(CompilerOutputService.class, loader);
        devices.start();
        discovery.start();
        hosts.start();
    }

    /**
     * Stops discovery, the components (which, as in ONOS, may remove their entries from the
     * switches on the way out), then the sessions; the switches keep running.
     */
    public void stop() {
        discovery.stop();
        hosts.stop();
        components.deactivateAll();
        try {
            flows.flush();      // let the components' removals reach the switches before the sessions close
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        devices.stop();
        flows.stop();
        groups.stop();
        packets.stop();
        events.stop();
    }

    /** The service directory (what components and REST resources look services up in). */
    public LabComponents components() {
        return components;
    }

    /** The event dispatcher. */
    public LabEventDispatcher events() {
        return events;
    }

    /** Network configuration: load the netcfg file into it before {@link #start()}. */
    public LabNetworkConfig netcfg() {
        return netcfg;
    }

    /** The device service. */
    public LabDeviceManager devices() {
        return devices;
    }

    /** The flow rule service. */
    public LabFlowRuleManager flows() {
        return flows;
    }

    /** The group service. */
    public LabGroupManager groups() {
        return groups;
    }

    /** The packet service. */
    public LabPacketManager packets() {
        return packets;
    }

    /** The link service. */
    public LabLinkManager links() {
        return links;
    }

    /** The host service. */
    public LabHostManager hosts() {
        return hosts;
    }

    /** The core service (application ids). */
    public CoreService core() {
        return core;
    }
}
