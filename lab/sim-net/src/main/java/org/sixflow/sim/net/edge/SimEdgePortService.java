// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.edge;

import com.google.common.collect.ImmutableList;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.Port;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.edge.EdgePortEvent;
import org.onosproject.net.edge.EdgePortListener;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.PacketService;

import java.nio.ByteBuffer;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's edge port service: the edge ports are the enabled, physical ports of connected devices
 * where no link (but an EDGE one) ends, as ONOS's edge manager counts them. After each change of
 * devices, ports or links, {@link #refresh()} posts EDGE_PORT_ADDED and EDGE_PORT_REMOVED for what
 * changed. Packets emitted to edge ports go out through the packet service.
 */
public final class SimEdgePortService extends AbstractListenerManager<EdgePortEvent, EdgePortListener>
        implements EdgePortService {

    private final DeviceService devices;
    private final LinkService links;
    private final PacketService packets;
    // Guarded by this: the edge ports, by device and port order.
    private Set<ConnectPoint> edges = new LinkedHashSet<>();

    /**
     * Creates the service.
     *
     * @param dispatcher the simulated network's event dispatcher
     * @param devices    the device service
     * @param links      the link service
     * @param packets    the packet service packets to edge ports go out through
     */
    public SimEdgePortService(EventDeliveryService dispatcher, DeviceService devices, LinkService links,
                              PacketService packets) {
        this.eventDispatcher = checkNotNull(dispatcher, "Event dispatcher cannot be null");
        this.devices = checkNotNull(devices, "Device service cannot be null");
        this.links = checkNotNull(links, "Link service cannot be null");
        this.packets = checkNotNull(packets, "Packet service cannot be null");
        dispatcher.addSink(EdgePortEvent.class, listenerRegistry);
    }

    /** Works the edge ports out afresh: EDGE_PORT_REMOVED for those gone, EDGE_PORT_ADDED for new ones. */
    public synchronized void refresh() {
        Set<ConnectPoint> now = new LinkedHashSet<>();
        for (Device device : devices.getAvailableDevices()) {
            for (Port port : devices.getPorts(device.id())) {
                ConnectPoint point = new ConnectPoint(device.id(), port.number());
                if (!port.number().isLogical() && port.isEnabled()
                        && links.getLinks(point).stream().allMatch(l -> l.type() == Link.Type.EDGE)) {
                    now.add(point);
                }
            }
        }
        for (ConnectPoint point : edges) {
            if (!now.contains(point)) {
                post(new EdgePortEvent(EdgePortEvent.Type.EDGE_PORT_REMOVED, point));
            }
        }
        for (ConnectPoint point : now) {
            if (!edges.contains(point)) {
                post(new EdgePortEvent(EdgePortEvent.Type.EDGE_PORT_ADDED, point));
            }
        }
        edges = now;
    }

    @Override
    public synchronized boolean isEdgePoint(ConnectPoint point) {
        checkNotNull(point, "Connect point cannot be null");
        return edges.contains(point);
    }

    @Override
    public synchronized Iterable<ConnectPoint> getEdgePoints() {
        return ImmutableList.copyOf(edges);
    }

    @Override
    public synchronized Iterable<ConnectPoint> getEdgePoints(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        return edges.stream().filter(p -> p.deviceId().equals(deviceId)).collect(ImmutableList.toImmutableList());
    }

    @Override
    public void emitPacket(ByteBuffer data, Optional<TrafficTreatment> treatment) {
        checkNotNull(data, "Data cannot be null");
        checkNotNull(treatment, "Treatment cannot be null");
        getEdgePoints().forEach(p -> emit(p, data, treatment));
    }

    @Override
    public void emitPacket(DeviceId deviceId, ByteBuffer data, Optional<TrafficTreatment> treatment) {
        checkNotNull(data, "Data cannot be null");
        checkNotNull(treatment, "Treatment cannot be null");
        getEdgePoints(deviceId).forEach(p -> emit(p, data, treatment));
    }

    private void emit(ConnectPoint point, ByteBuffer data, Optional<TrafficTreatment> treatment) {
        TrafficTreatment.Builder builder = treatment.map(DefaultTrafficTreatment::builder)
                .orElse(DefaultTrafficTreatment.builder());
        packets.emit(new DefaultOutboundPacket(point.deviceId(), builder.setOutput(point.port()).build(),
                                               data.duplicate()));
    }
}
