// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.edge.EdgePortEvent;
import org.onosproject.net.edge.EdgePortListener;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.net.edge.EdgePortServiceAdapter;
import org.onosproject.net.link.LinkEvent;
import org.onosproject.net.link.LinkListener;
import org.onosproject.net.link.LinkServiceAdapter;
import org.onosproject.net.provider.ProviderId;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The lab of docker/: its five devices with the netcfg in docker/netcfg.json, and the links of
 * docker/mininet/topology.py (both directions).
 */
public final class LabNetwork {

    /**
     * Runs on the reader's thread each time the active links are read, after the read: a test can
     * change the network while a reader works on what it read.
     */
    public volatile Runnable afterActiveLinksRead = () -> { };

    /** (device, port) pairs of each link, as the lab's port table gives them. */
    private static final String[][] LINKS = {
            {"device:beijing/1", "device:wuhan/1"}, {"device:beijing/2", "device:nanjing/1"},
            {"device:wuhan/2", "device:nanjing/2"}, {"device:wuhan/3", "device:guangzhou/1"},
            {"device:nanjing/3", "device:shanghai/1"}, {"device:shanghai/2", "device:guangzhou/2"},
    };

    /** The lab's host-facing ports (docker/netcfg.json "ports"); wuhan has none. */
    public static final List<ConnectPoint> HOST_PORTS = ImmutableList.of(
            ConnectPoint.deviceConnectPoint("device:beijing/3"), ConnectPoint.deviceConnectPoint("device:nanjing/4"),
            ConnectPoint.deviceConnectPoint("device:shanghai/3"),
            ConnectPoint.deviceConnectPoint("device:guangzhou/3"));

    public final TestDeviceService devices = new TestDeviceService();
    /** The edge ports ONOS's edge-port service reports; change them with {@link #edgePortAdded} and {@link #edgePortRemoved}. */
    public final Set<ConnectPoint> edgePorts = new java.util.concurrent.CopyOnWriteArraySet<>(HOST_PORTS);
    private final List<EdgePortListener> edgeListeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** ONOS's edge-port service over {@link #edgePorts}. */
    public final EdgePortService edgePortService = new EdgePortServiceAdapter() {
        @Override
        public Iterable<ConnectPoint> getEdgePoints(DeviceId deviceId) {
            return edgePorts.stream().filter(p -> p.deviceId().equals(deviceId))
                    .collect(ImmutableList.toImmutableList());
        }

        @Override
        public boolean isEdgePoint(ConnectPoint point) {
            return edgePorts.contains(point);
        }

        @Override
        public void addListener(EdgePortListener listener) {
            edgeListeners.add(listener);
        }

        @Override
        public void removeListener(EdgePortListener listener) {
            edgeListeners.remove(listener);
        }
    };
    public final TestNetworkConfigService netcfg = new TestNetworkConfigService();
    public final List<Link> links;
    public final List<Link> active = new java.util.concurrent.CopyOnWriteArrayList<>();
    public final List<LinkListener> linkListeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    public final LinkServiceAdapter linkService;

    public LabNetwork() {
        SixflowConfigRegistrar.FACTORIES.forEach(netcfg::registerConfigFactory);
        try {
            JsonNode config = new ObjectMapper().readTree(new File("../docker/netcfg.json")).path("devices");
            Iterator<Map.Entry<String, JsonNode>> it = config.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> device = it.next();
                devices.addSwitch(device.getKey(), true);
                netcfg.applyConfig(DeviceId.deviceId(device.getKey()), SixflowDeviceConfig.class,
                                   (ObjectNode) device.getValue().path(SixflowDeviceConfig.KEY));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ImmutableList.Builder<Link> all = ImmutableList.builder();
        ProviderId provider = new ProviderId("lldp", "org.sixflow.test");
        for (String[] l : LINKS) {
            ConnectPoint a = ConnectPoint.deviceConnectPoint(l[0]);
            ConnectPoint b = ConnectPoint.deviceConnectPoint(l[1]);
            all.add(DefaultLink.builder().providerId(provider).src(a).dst(b).type(Link.Type.DIRECT)
                            .state(Link.State.ACTIVE).build());
            all.add(DefaultLink.builder().providerId(provider).src(b).dst(a).type(Link.Type.DIRECT)
                            .state(Link.State.ACTIVE).build());
        }
        links = all.build();
        active.addAll(links);
        linkService = new LinkServiceAdapter() {
            @Override
            public Iterable<Link> getActiveLinks() {
                ImmutableList<Link> read = ImmutableList.copyOf(active);
                afterActiveLinksRead.run();
                return read;
            }

            @Override
            public Iterable<Link> getLinks() {
                return ImmutableList.copyOf(active);
            }

            @Override
            public Set<Link> getEgressLinks(ConnectPoint connectPoint) {
                return active.stream().filter(l -> l.src().equals(connectPoint))
                        .collect(ImmutableSet.toImmutableSet());
            }

            @Override
            public Set<Link> getIngressLinks(ConnectPoint connectPoint) {
                return active.stream().filter(l -> l.dst().equals(connectPoint))
                        .collect(ImmutableSet.toImmutableSet());
            }

            @Override
            public void addListener(LinkListener listener) {
                linkListeners.add(listener);
            }

            @Override
            public void removeListener(LinkListener listener) {
                linkListeners.remove(listener);
            }
        };
    }

    /**
     * A host port appears (a link went away, or a port came up), as the edge-port service tells it.
     *
     * @param port e.g. device:beijing/4
     */
    public void edgePortAdded(String port) {
        ConnectPoint point = ConnectPoint.deviceConnectPoint(port);
        edgePorts.add(point);
        edgeListeners.forEach(l -> l.event(new EdgePortEvent(EdgePortEvent.Type.EDGE_PORT_ADDED, point)));
    }

    /**
     * A host port goes, as the edge-port service tells it.
     *
     * @param port e.g. device:beijing/3
     */
    public void edgePortRemoved(String port) {
        ConnectPoint point = ConnectPoint.deviceConnectPoint(port);
        edgePorts.remove(point);
        edgeListeners.forEach(l -> l.event(new EdgePortEvent(EdgePortEvent.Type.EDGE_PORT_REMOVED, point)));
    }

    /**
     * Adds a link the lab does not have (both directions) and tells the listeners.
     *
     * @param a one end, e.g. device:wuhan/4
     * @param b the other end
     */
    public void connect(String a, String b) {
        ProviderId provider = new ProviderId("lldp", "org.sixflow.test");
        ConnectPoint one = ConnectPoint.deviceConnectPoint(a);
        ConnectPoint two = ConnectPoint.deviceConnectPoint(b);
        for (Link link : List.of(
                DefaultLink.builder().providerId(provider).src(one).dst(two).type(Link.Type.DIRECT)
                        .state(Link.State.ACTIVE).build(),
                DefaultLink.builder().providerId(provider).src(two).dst(one).type(Link.Type.DIRECT)
                        .state(Link.State.ACTIVE).build())) {
            active.add(link);
            LinkEvent event = new LinkEvent(LinkEvent.Type.LINK_ADDED, link);
            linkListeners.forEach(l -> {
                if (l.isRelevant(event)) {
                    l.event(event);
                }
            });
        }
    }

    /**
     * Brings back both directions of a link {@link #fail} took down and tells the listeners.
     *
     * @param a one end, e.g. device:nanjing/3
     * @param b the other end
     */
    public void restore(String a, String b) {
        for (Link link : links) {
            String src = link.src().toString();
            String dst = link.dst().toString();
            if ((src.equals(a) && dst.equals(b) || src.equals(b) && dst.equals(a)) && !active.contains(link)) {
                active.add(link);
                LinkEvent event = new LinkEvent(LinkEvent.Type.LINK_ADDED, link);
                linkListeners.forEach(l -> {
                    if (l.isRelevant(event)) {
                        l.event(event);
                    }
                });
            }
        }
    }

    /**
     * Takes down both directions of a link and tells the listeners, as ONOS would.
     *
     * @param a one end, e.g. device:nanjing/3
     * @param b the other end
     */
    public void fail(String a, String b) {
        for (Link link : ImmutableList.copyOf(active)) {
            String src = link.src().toString();
            String dst = link.dst().toString();
            if (src.equals(a) && dst.equals(b) || src.equals(b) && dst.equals(a)) {
                active.remove(link);
                LinkEvent event = new LinkEvent(LinkEvent.Type.LINK_REMOVED, link);
                linkListeners.forEach(l -> {
                    if (l.isRelevant(event)) {
                        l.event(event);
                    }
                });
            }
        }
    }

    /**
     * Tells the listeners a device is (back) available, as ONOS does after it reconnected.
     *
     * @param device the device
     */
    public void deviceBack(DeviceId device) {
        devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, devices.getDevice(device)));
    }
}
