// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.device;

import com.google.common.collect.ImmutableList;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.packet.ChassisId;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.DefaultPort;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.onosproject.net.provider.ProviderId;
import org.sixflow.app.testing.InMemoryDeviceService;
import org.sixflow.lab.config.LabState;
import org.sixflow.lab.p4rt.P4RuntimeException;
import org.sixflow.lab.translate.PipelineTranslator;
import org.sixflow.lab.translate.TranslationException;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.slf4j.Logger;
import p4.v1.P4RuntimeOuterClass.PacketIn;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The lab's devices: one per switch of the state file, described by its netcfg (name, location,
 * pipeconf; org.sixflow.full.bmv2 when netcfg names none), with the state file's ports, enabled as the
 * kernel says. A device is available while its {@link SwitchAgent} holds a master session with
 * the pipeline pushed; agents that are not are retried every few seconds. The flow, group and
 * packet services hear connections through {@link SwitchListener}s before the device is announced
 * available, so what they replay is on the device when applications react.
 */
public final class LabDeviceManager extends InMemoryDeviceService {

    /** What the southbound services hear from the agents (on agent or connector threads). */
    public interface SwitchListener {
        /**
         * A switch was (re)connected, its pipeline pushed and empty; it is not yet ready for
         * applications' writes nor announced available. Write back what it must hold.
         *
         * @param agent its agent
         */
        default void connected(SwitchAgent agent) {
        }

        /**
         * A switch's session ended.
         *
         * @param deviceId the device
         */
        default void disconnected(DeviceId deviceId) {
        }

        /**
         * A packet-in arrived.
         *
         * @param agent  the agent of the device it came from
         * @param packet the packet
         */
        default void packetIn(SwitchAgent agent, PacketIn packet) {
        }
    }

    private static final ProviderId PROVIDER = new ProviderId("p4runtime", "org.sixflow.lab");
    private static final long RETRY_SECONDS = 2;
    private static final long PORT_POLL_MILLIS = 1_000;

    private final Logger log = getLogger(getClass());
    private final LabState state;
    private final NetworkConfigService netcfg;
    private final LabPipeconfs pipeconfs;
    private final ServiceDirectory services;
    private final long electionId = System.currentTimeMillis();
    private final Map<DeviceId, Map<PortNumber, Port>> ports = new ConcurrentHashMap<>();
    private final Map<DeviceId, SwitchAgent> agents = new ConcurrentHashMap<>();
    private final Set<DeviceId> available = ConcurrentHashMap.newKeySet();
    private final Set<DeviceId> connecting = ConcurrentHashMap.newKeySet();
    private final Map<DeviceId, String> lastFailure = new ConcurrentHashMap<>();
    private final List<SwitchListener> switchListeners = new CopyOnWriteArrayList<>();
    private final Map<String, ConnectPointName> interfaces = new ConcurrentHashMap<>();
    private ScheduledExecutorService connector;
    private ExecutorService connections;
    private PortWatcher portWatcher;

    /** A port's place by its interface name. */
    private static final class ConnectPointName {
        final DeviceId deviceId;
        final PortNumber port;

        ConnectPointName(DeviceId deviceId, PortNumber port) {
            this.deviceId = deviceId;
            this.port = port;
        }
    }

    /**
     * Creates the manager.
     *
     * @param state     the switches
     * @param netcfg    network configuration
     * @param pipeconfs the pipeconf registry (the pipeconfs must be registered before {@link #start()})
     * @param services  what pipeconf behaviours find through their driver handler
     * @param events    where events go
     */
    public LabDeviceManager(LabState state, NetworkConfigService netcfg, LabPipeconfs pipeconfs,
                            ServiceDirectory services, EventDeliveryService events) {
        super(new ConcurrentHashMap<>());
        this.state = state;
        this.netcfg = netcfg;
        this.pipeconfs = pipeconfs;
        this.services = services;
        eventDispatcher = events;
        events.addSink(DeviceEvent.class, listenerRegistry);
    }

    /**
     * Registers a southbound listener (before {@link #start()}).
     *
     * @param listener the listener
     */
    public void addSwitchListener(SwitchListener listener) {
        switchListeners.add(listener);
    }

    /**
     * Creates the devices and their agents, starts watching ports and connecting.
     *
     * @throws TranslationException if a device's pipeconf is not registered or cannot be translated for
     */
    public void start() throws TranslationException {
        for (LabState.Switch target : state.switches()) {
            addDevice(target);
        }
        portWatcher = new PortWatcher(interfaces.keySet(), this::interfaceChanged);
        portWatcher.start(PORT_POLL_MILLIS).forEach(this::setPort);
        connections = Executors.newFixedThreadPool(4, groupedThreads("sixflow-lab/devices", "connect-%d", log));
        connector = Executors.newSingleThreadScheduledExecutor(groupedThreads("sixflow-lab/devices", "retry", log));
        connector.scheduleWithFixedDelay(this::connectAll, 0, RETRY_SECONDS, TimeUnit.SECONDS);
    }

    /** Stops connecting, closes every session. */
    public void stop() {
        if (connector != null) {
            connector.shutdownNow();
            connections.shutdownNow();
        }
        if (portWatcher != null) {
            portWatcher.stop();
        }
        agents.values().forEach(SwitchAgent::close);
    }

    private void addDevice(LabState.Switch target) throws TranslationException {
        DeviceId id = target.deviceId();
        BasicDeviceConfig basic = netcfg.getConfig(id, BasicDeviceConfig.class);
        PiPipeconfId pipeconfId = basic != null && basic.pipeconf() != null
                ? new PiPipeconfId(basic.pipeconf()) : SixflowPipeconfs.FULL_BMV2;
        PiPipeconf pipeconf = pipeconfs.getPipeconf(pipeconfId).orElseThrow(() -> new TranslationException(
                "Device " + id + " needs pipeconf " + pipeconfId + ", which is not registered"));
        pipeconfs.bindToDevice(pipeconfId, id);
        DefaultAnnotations.Builder annotations = DefaultAnnotations.builder()
                .set(AnnotationKeys.NAME, basic != null && basic.name() != null ? basic.name() : target.name())
                .set(AnnotationKeys.MANAGEMENT_ADDRESS, "grpc://" + target.grpcHost() + ":" + target.grpcPort()
                        + "?device_id=" + target.p4rtDeviceId())
                .set(AnnotationKeys.DRIVER, LabDriverHandler.DRIVER)
                .set(AnnotationKeys.PROTOCOL, "P4Runtime");
        if (basic != null && basic.node().has("latitude") && basic.node().has("longitude")) {
            annotations.set(AnnotationKeys.LATITUDE, Double.toString(basic.latitude()))
                    .set(AnnotationKeys.LONGITUDE, Double.toString(basic.longitude()));
        }
        Device device = new DefaultDevice(PROVIDER, id, Device.Type.SWITCH, "p4.org", "bmv2", "simple_switch_grpc",
                                          Long.toString(target.p4rtDeviceId()), new ChassisId(target.p4rtDeviceId()),
                                          annotations.build());
        devices.put(id, device);
        Map<PortNumber, Port> devicePorts = new ConcurrentHashMap<>();
        target.ports().forEach((number, ifname) -> {
            devicePorts.put(number, port(device, number, ifname, true));
            interfaces.put(ifname, new ConnectPointName(id, number));
        });
        ports.put(id, devicePorts);

        LabDriverHandler handler = new LabDriverHandler(id, pipeconf, services);
        PiPipelineInterpreter interpreter = handler.hasBehaviour(PiPipelineInterpreter.class)
                ? handler.behaviour(PiPipelineInterpreter.class) : null;
        agents.put(id, new SwitchAgent(target, pipeconf, new PipelineTranslator(pipeconf, interpreter), electionId,
                                       new AgentCallbacks()));
        post(new DeviceEvent(DeviceEvent.Type.DEVICE_ADDED, device));
    }

    private static Port port(Device device, PortNumber number, String ifname, boolean enabled) {
        return new DefaultPort(device, number, enabled, Port.Type.COPPER, DefaultPort.DEFAULT_SPEED,
                               DefaultAnnotations.builder().set(AnnotationKeys.PORT_NAME, ifname).build());
    }

    private void connectAll() {
        for (SwitchAgent agent : agents.values()) {
            if (!agent.isConnected() && connecting.add(agent.deviceId())) {
                connections.execute(() -> {
                    try {
                        connect(agent);
                    } finally {
                        connecting.remove(agent.deviceId());
                    }
                });
            }
        }
    }

    private void connect(SwitchAgent agent) {
        DeviceId id = agent.deviceId();
        try {
            agent.connect();
        } catch (P4RuntimeException e) {
            if (!e.getMessage().equals(lastFailure.put(id, e.getMessage()))) {
                log.warn("Cannot connect to {}: {} (retrying every {} s)", id, e.getMessage(), RETRY_SECONDS);
            }
            return;
        }
        lastFailure.remove(id);
        for (SwitchListener listener : switchListeners) {
            try {
                listener.connected(agent);
            } catch (RuntimeException e) {
                log.warn("Replaying state to {} failed", id, e);
            }
        }
        agent.markReady();      // the flow rule service marks it first, in its queue (see there)
        if (available.add(id)) {
            post(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, devices.get(id)));
        }
    }

    private void interfaceChanged(String ifname, boolean up) {
        setPort(ifname, up);
    }

    private void setPort(String ifname, boolean up) {
        ConnectPointName where = interfaces.get(ifname);
        if (where == null) {
            return;
        }
        Device device = devices.get(where.deviceId);
        Port before = ports.get(where.deviceId).get(where.port);
        if (before != null && before.isEnabled() == up) {
            return;
        }
        Port after = port(device, where.port, ifname, up);
        ports.get(where.deviceId).put(where.port, after);
        log.info("Port {}/{} ({}) is {}", where.deviceId, where.port, ifname, up ? "up" : "down");
        post(new DeviceEvent(DeviceEvent.Type.PORT_UPDATED, device, after));
    }

    /**
     * Returns a device's agent.
     *
     * @param deviceId the device
     * @return its agent, if the lab runs the device
     */
    public Optional<SwitchAgent> agent(DeviceId deviceId) {
        return Optional.ofNullable(agents.get(deviceId));
    }

    /** Every agent. */
    public List<SwitchAgent> agents() {
        return ImmutableList.copyOf(agents.values());
    }

    /** Hears agents: packet-ins and disconnections. */
    private final class AgentCallbacks implements SwitchAgent.Callbacks {
        @Override
        public void packetIn(DeviceId deviceId, PacketIn packet) {
            SwitchAgent agent = agents.get(deviceId);
            for (SwitchListener listener : switchListeners) {
                listener.packetIn(agent, packet);
            }
        }

        @Override
        public void disconnected(DeviceId deviceId, String reason) {
            log.warn("Lost {}: {}", deviceId, reason);
            switchListeners.forEach(l -> l.disconnected(deviceId));
            if (available.remove(deviceId)) {
                post(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, devices.get(deviceId)));
            }
        }
    }

    @Override
    public MastershipRole getRole(DeviceId deviceId) {
        return devices.containsKey(deviceId) ? MastershipRole.MASTER : MastershipRole.NONE;
    }

    @Override
    public List<Port> getPorts(DeviceId deviceId) {
        Map<PortNumber, Port> devicePorts = ports.get(deviceId);
        return devicePorts == null ? List.of() : devicePorts.values().stream()
                .sorted((a, b) -> Long.compare(a.number().toLong(), b.number().toLong()))
                .collect(Collectors.toList());
    }

    @Override
    public Port getPort(DeviceId deviceId, PortNumber portNumber) {
        Map<PortNumber, Port> devicePorts = ports.get(deviceId);
        return devicePorts == null ? null : devicePorts.get(portNumber);
    }

    @Override
    public boolean isAvailable(DeviceId deviceId) {
        return available.contains(deviceId);
    }
}
