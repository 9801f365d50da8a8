// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.intf;

import com.google.common.collect.ImmutableSet;
import org.onlab.packet.IpAddress;
import org.onlab.packet.VlanId;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.config.ConfigException;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.basics.InterfaceConfig;
import org.onosproject.net.intf.Interface;
import org.onosproject.net.intf.InterfaceAdminService;
import org.onosproject.net.intf.InterfaceEvent;
import org.onosproject.net.intf.InterfaceListener;
import org.onosproject.net.intf.InterfaceService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's interface service and interface admin service, as its InterfaceManager: the interfaces
 * are those of the "interfaces" configs of ports, followed through network configuration events
 * (so they change on the event thread, after the config), with INTERFACE_ADDED, INTERFACE_UPDATED
 * (same name, other content) and INTERFACE_REMOVED. Adding or removing an interface goes through
 * the network configuration, as in ONOS.
 */
public final class SimInterfaceService extends AbstractListenerManager<InterfaceEvent, InterfaceListener>
        implements InterfaceService, InterfaceAdminService {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final NetworkConfigService configs;
    private final NetworkConfigListener listener = new InternalConfigListener();
    // Guarded by this: each port's interfaces, in the order they were configured.
    private final Map<ConnectPoint, Set<Interface>> interfaces = new LinkedHashMap<>();

    /**
     * Creates the service; {@link #start()} makes it follow the configuration.
     *
     * @param dispatcher the simulated network's event dispatcher
     * @param configs    the network configuration service
     */
    public SimInterfaceService(EventDeliveryService dispatcher, NetworkConfigService configs) {
        this.eventDispatcher = checkNotNull(dispatcher, "Event dispatcher cannot be null");
        this.configs = checkNotNull(configs, "Network config service cannot be null");
        dispatcher.addSink(InterfaceEvent.class, listenerRegistry);
    }

    /** Reads the interfaces configured already and follows the configuration from now on. */
    public void start() {
        configs.addListener(listener);
        for (ConnectPoint port : configs.getSubjects(ConnectPoint.class, InterfaceConfig.class)) {
            InterfaceConfig config = configs.getConfig(port, InterfaceConfig.class);
            if (config != null) {
                update(config);
            }
        }
    }

    /** Stops following the configuration. */
    public void stop() {
        configs.removeListener(listener);
    }

    private synchronized void update(InterfaceConfig config) {
        Set<Interface> now;
        try {
            now = inConfigOrder(config);
        } catch (ConfigException e) {
            log.error("Error in interface config of {}", config.subject(), e);
            return;
        }
        Set<Interface> old = interfaces.put(config.subject(), now);
        Set<Interface> left = old == null ? new LinkedHashSet<>() : new LinkedHashSet<>(old);
        for (Interface intf : now) {
            if (intf.name().equals(Interface.NO_INTERFACE_NAME)) {
                post(new InterfaceEvent(InterfaceEvent.Type.INTERFACE_ADDED, intf));
                continue;
            }
            Optional<Interface> before = left.stream().filter(i -> i.name().equals(intf.name())).findAny();
            if (before.isEmpty()) {
                post(new InterfaceEvent(InterfaceEvent.Type.INTERFACE_ADDED, intf));
            } else {
                left.remove(before.get());
                if (!before.get().equals(intf)) {
                    post(new InterfaceEvent(InterfaceEvent.Type.INTERFACE_UPDATED, intf, before.get()));
                }
            }
        }
        left.stream().filter(i -> !i.name().equals(Interface.NO_INTERFACE_NAME))
                .forEach(i -> post(new InterfaceEvent(InterfaceEvent.Type.INTERFACE_REMOVED, i)));
    }

    /** The config's interfaces in the order its JSON lists them, so that events come in that order. */
    private static Set<Interface> inConfigOrder(InterfaceConfig config) throws ConfigException {
        List<String> names = new ArrayList<>();
        config.node().forEach(n -> names.add(n.path("name").asText(Interface.NO_INTERFACE_NAME)));
        List<Interface> sorted = new ArrayList<>(config.getInterfaces());
        sorted.sort(Comparator.comparingInt(i -> names.indexOf(i.name())));
        return new LinkedHashSet<>(sorted);
    }

    private synchronized void removeAll(ConnectPoint port) {
        Set<Interface> old = interfaces.remove(port);
        if (old != null) {
            old.stream().filter(i -> !i.name().equals(Interface.NO_INTERFACE_NAME))
                    .forEach(i -> post(new InterfaceEvent(InterfaceEvent.Type.INTERFACE_REMOVED, i)));
        }
    }

    private synchronized Stream<Interface> all() {
        return interfaces.values().stream().flatMap(Set::stream).collect(ImmutableSet.toImmutableSet()).stream();
    }

    private Set<Interface> matching(Predicate<Interface> filter) {
        return all().filter(filter).collect(ImmutableSet.toImmutableSet());
    }

    @Override
    public Set<Interface> getInterfaces() {
        return matching(i -> true);
    }

    @Override
    public synchronized Interface getInterfaceByName(ConnectPoint connectPoint, String name) {
        checkNotNull(connectPoint, "Connect point cannot be null");
        checkNotNull(name, "Interface name cannot be null");
        return interfaces.getOrDefault(connectPoint, Set.of()).stream().filter(i -> i.name().equals(name))
                .findAny().orElse(null);
    }

    @Override
    public synchronized Set<Interface> getInterfacesByPort(ConnectPoint port) {
        checkNotNull(port, "Connect point cannot be null");
        return ImmutableSet.copyOf(interfaces.getOrDefault(port, Set.of()));
    }

    @Override
    public Set<Interface> getInterfacesByIp(IpAddress ip) {
        checkNotNull(ip, "IP address cannot be null");
        return matching(i -> i.ipAddressesList().stream().anyMatch(a -> a.ipAddress().equals(ip)));
    }

    @Override
    public Set<Interface> getInterfacesByVlan(VlanId vlan) {
        checkNotNull(vlan, "VLAN cannot be null");
        return matching(i -> i.vlan().equals(vlan));
    }

    @Override
    public Interface getMatchingInterface(IpAddress ip) {
        return matchingStream(ip).findFirst().orElse(null);
    }

    @Override
    public Set<Interface> getMatchingInterfaces(IpAddress ip) {
        return matchingStream(ip).collect(ImmutableSet.toImmutableSet());
    }

    private Stream<Interface> matchingStream(IpAddress ip) {
        checkNotNull(ip, "IP address cannot be null");
        return all().filter(i -> i.ipAddressesList().stream().anyMatch(a -> a.subnetAddress().contains(ip)));
    }

    @Override
    public VlanId getUntaggedVlanId(ConnectPoint connectPoint) {
        return getInterfacesByPort(connectPoint).stream().map(Interface::vlanUntagged)
                .filter(v -> !v.equals(VlanId.NONE)).findFirst().orElse(null);
    }

    @Override
    public Set<VlanId> getTaggedVlanId(ConnectPoint connectPoint) {
        return getInterfacesByPort(connectPoint).stream().flatMap(i -> i.vlanTagged().stream())
                .collect(ImmutableSet.toImmutableSet());
    }

    @Override
    public VlanId getNativeVlanId(ConnectPoint connectPoint) {
        return getInterfacesByPort(connectPoint).stream().map(Interface::vlanNative)
                .filter(v -> !v.equals(VlanId.NONE)).findFirst().orElse(null);
    }

    @Override
    public boolean isConfigured(ConnectPoint connectPoint) {
        return getInterfacesByPort(connectPoint).stream().anyMatch(
                i -> !i.ipAddressesList().isEmpty() || !i.vlan().equals(VlanId.NONE)
                        || !i.vlanNative().equals(VlanId.NONE) || !i.vlanUntagged().equals(VlanId.NONE)
                        || !i.vlanTagged().isEmpty());
    }

    @Override
    public boolean inUse(VlanId vlanId) {
        checkNotNull(vlanId, "VLAN cannot be null");
        return all().anyMatch(i -> i.vlan().equals(vlanId) || i.vlanNative().equals(vlanId)
                || i.vlanUntagged().equals(vlanId) || i.vlanTagged().contains(vlanId));
    }

    /**
     * Adds an interface to its port's "interfaces" config.
     *
     * @param intf the interface
     */
    @Override
    public void add(Interface intf) {
        checkNotNull(intf, "Interface cannot be null");
        InterfaceConfig config = configs.addConfig(intf.connectPoint(), InterfaceConfig.class);
        config.addInterface(intf);
        configs.applyConfig(intf.connectPoint(), InterfaceConfig.class, config.node());
    }

    /**
     * Removes an interface from its port's "interfaces" config, and the config when it is left empty.
     *
     * @param connectPoint the port
     * @param name         the interface name
     * @return false if the config could not be read
     */
    @Override
    public boolean remove(ConnectPoint connectPoint, String name) {
        checkNotNull(connectPoint, "Connect point cannot be null");
        checkNotNull(name, "Interface name cannot be null");
        InterfaceConfig config = configs.addConfig(connectPoint, InterfaceConfig.class);
        config.removeInterface(name);
        try {
            if (config.getInterfaces().isEmpty()) {
                configs.removeConfig(connectPoint, InterfaceConfig.class);
            } else {
                configs.applyConfig(connectPoint, InterfaceConfig.class, config.node());
            }
        } catch (ConfigException e) {
            log.error("Error reading interfaces JSON of {}", connectPoint, e);
            return false;
        }
        return true;
    }

    /** Follows "interfaces" configs as ONOS's interface manager does. */
    private final class InternalConfigListener implements NetworkConfigListener {
        @Override
        public boolean isRelevant(NetworkConfigEvent event) {
            return InterfaceConfig.class.equals(event.configClass());
        }

        @Override
        public void event(NetworkConfigEvent event) {
            switch (event.type()) {
                case CONFIG_ADDED:
                case CONFIG_UPDATED:
                    event.config().ifPresent(c -> update((InterfaceConfig) c));
                    break;
                case CONFIG_REMOVED:
                    removeAll((ConnectPoint) event.subject());
                    break;
                default:
                    break;
            }
        }
    }
}
