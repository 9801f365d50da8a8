// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.host.InterfaceIpAddress;
import org.onosproject.net.intf.Interface;
import org.onosproject.net.intf.InterfaceEvent;
import org.onosproject.net.intf.InterfaceListener;
import org.onosproject.net.intf.InterfaceServiceAdapter;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * ONOS's interface service over interfaces a test adds or removes, telling listeners as ONOS's
 * interface manager would; {@link #lab()} holds the interfaces of docker/netcfg.json ("ports").
 */
public class TestInterfaceService extends InterfaceServiceAdapter {

    private final List<Interface> interfaces = new CopyOnWriteArrayList<>();
    private final List<InterfaceListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Returns the lab's interfaces.
     *
     * @return an interface service holding them
     */
    public static TestInterfaceService lab() {
        TestInterfaceService service = new TestInterfaceService();
        try {
            Iterator<Map.Entry<String, JsonNode>> ports =
                    new ObjectMapper().readTree(new File("../docker/netcfg.json")).path("ports").fields();
            while (ports.hasNext()) {
                Map.Entry<String, JsonNode> port = ports.next();
                for (JsonNode intf : port.getValue().path("interfaces")) {
                    List<String> ips = ImmutableList.copyOf(intf.path("ips").elements()).stream()
                            .map(JsonNode::asText).collect(Collectors.toList());
                    service.interfaces.add(intf(intf.path("name").asText(), port.getKey(), ips));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return service;
    }

    private static Interface intf(String name, String port, List<String> ips) {
        return new Interface(name, ConnectPoint.deviceConnectPoint(port),
                             ips.stream().map(InterfaceIpAddress::valueOf).collect(Collectors.toList()),
                             MacAddress.NONE, VlanId.NONE);
    }

    /**
     * Adds an interface and tells listeners.
     *
     * @param name its name
     * @param port where, e.g. device:guangzhou/3
     * @param ips  its addresses with prefix length, e.g. fd00:1:4::2/64
     * @return the interface
     */
    public Interface add(String name, String port, String... ips) {
        Interface intf = intf(name, port, List.of(ips));
        interfaces.add(intf);
        emit(new InterfaceEvent(InterfaceEvent.Type.INTERFACE_ADDED, intf));
        return intf;
    }

    /**
     * Removes an interface and tells listeners.
     *
     * @param intf the interface
     */
    public void remove(Interface intf) {
        if (interfaces.remove(intf)) {
            emit(new InterfaceEvent(InterfaceEvent.Type.INTERFACE_REMOVED, intf));
        }
    }

    private void emit(InterfaceEvent event) {
        listeners.stream().filter(l -> l.isRelevant(event)).forEach(l -> l.event(event));
    }

    @Override
    public Set<Interface> getInterfaces() {
        return ImmutableSet.copyOf(interfaces);
    }

    @Override
    public Set<Interface> getInterfacesByPort(ConnectPoint port) {
        return interfaces.stream().filter(i -> i.connectPoint().equals(port)).collect(ImmutableSet.toImmutableSet());
    }

    @Override
    public void addListener(InterfaceListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(InterfaceListener listener) {
        listeners.remove(listener);
    }
}
