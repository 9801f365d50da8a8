// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.topology;

import com.google.common.collect.ImmutableSet;
import org.onlab.packet.IpAddress;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.config.ConfigException;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.basics.InterfaceConfig;
import org.onosproject.net.intf.Interface;
import org.onosproject.net.intf.InterfaceListener;
import org.onosproject.net.intf.InterfaceService;
import org.slf4j.Logger;

import java.util.Comparator;
import java.util.Set;
import java.util.function.Predicate;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Interfaces as netcfg configures them (ports."device:x/p".interfaces: name, ips, mac, vlan),
 * read from the network configuration on each call, as ONOS's InterfaceManager serves them. No
 * interface events are posted: the lab's netcfg does not change after start-up.
 */
public final class LabInterfaces implements InterfaceService {

    private final Logger log = getLogger(getClass());
    private final NetworkConfigService netcfg;

    /**
     * Creates the service.
     *
     * @param netcfg network configuration
     */
    public LabInterfaces(NetworkConfigService netcfg) {
        this.netcfg = netcfg;
    }

    @Override
    public Set<Interface> getInterfaces() {
        ImmutableSet.Builder<Interface> all = ImmutableSet.builder();
        for (ConnectPoint point : netcfg.getSubjects(ConnectPoint.class, InterfaceConfig.class)) {
            all.addAll(getInterfacesByPort(point));
        }
        return all.build();
    }

    private Set<Interface> select(Predicate<Interface> which) {
        return getInterfaces().stream().filter(which).collect(ImmutableSet.toImmutableSet());
    }

    @Override
    public Interface getInterfaceByName(ConnectPoint connectPoint, String name) {
        return getInterfacesByPort(connectPoint).stream().filter(i -> i.name().equals(name)).findFirst()
                .orElse(null);
    }

    @Override
    public Set<Interface> getInterfacesByPort(ConnectPoint port) {
        InterfaceConfig config = netcfg.getConfig(port, InterfaceConfig.class);
        if (config == null) {
            return Set.of();
        }
        try {
            return ImmutableSet.copyOf(config.getInterfaces());
        } catch (ConfigException e) {
            log.warn("Invalid interfaces config of {}: {}", port, e.getMessage());
            return Set.of();
        }
    }

    @Override
    public Set<Interface> getInterfacesByIp(IpAddress ip) {
        return select(i -> i.ipAddressesList().stream().anyMatch(a -> a.ipAddress().equals(ip)));
    }

    @Override
    public Set<Interface> getInterfacesByVlan(VlanId vlan) {
        return select(i -> i.vlan().equals(vlan));
    }

    @Override
    public Interface getMatchingInterface(IpAddress ip) {
        return getMatchingInterfaces(ip).stream().min(Comparator.comparing(Interface::toString)).orElse(null);
    }

    @Override
    public Set<Interface> getMatchingInterfaces(IpAddress ip) {
        return select(i -> i.ipAddressesList().stream().anyMatch(a -> a.subnetAddress().contains(ip)));
    }

    @Override
    public void addListener(InterfaceListener listener) {
        // No interface events (see the class comment).
    }

    @Override
    public void removeListener(InterfaceListener listener) {
        // See addListener.
    }
}
