// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.topology;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import com.google.common.collect.Sets;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
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
import java.util.Optional;
import java.util.Set;

/**
 * Edge ports as ONOS's EdgeManager defines them: ports of available devices that no link uses
 * (a host, or nothing, is behind them). Computed on each call from the device and link services;
 * after each device or link event the set is compared with the one before, and EDGE_PORT_ADDED /
 * EDGE_PORT_REMOVED posted for what changed, as EdgeManager does on topology events (Sixflow's
 * APN6 policies recompile on them).
 */
public final class LabEdgePorts extends AbstractListenerManager<EdgePortEvent, EdgePortListener>
        implements EdgePortService {

    private final DeviceService devices;
    private final LinkService links;
    private final PacketService packets;
    /** The edge ports after the last device or link event. */
    private Set<ConnectPoint> known = Set.of();

    /**
     * Creates the service.
     *
     * @param devices the devices
     * @param links   the links
     * @param packets packet I/O, for emitPacket
     * @param events  where edge port events go
     */
    public LabEdgePorts(DeviceService devices, LinkService links, PacketService packets,
                        EventDeliveryService events) {
        this.devices = devices;
        this.links = links;
        this.packets = packets;
        eventDispatcher = events;
        events.addSink(EdgePortEvent.class, listenerRegistry);
        devices.addListener(event -> changed());
        links.addListener(event -> changed());
    }

    /** Posts an event for each port that became, or stopped being, an edge port. */
    private synchronized void changed() {
        Set<ConnectPoint> now = ImmutableSet.copyOf(getEdgePoints());
        Sets.difference(now, known).forEach(p -> post(new EdgePortEvent(EdgePortEvent.Type.EDGE_PORT_ADDED, p)));
        Sets.difference(known, now).forEach(p -> post(new EdgePortEvent(EdgePortEvent.Type.EDGE_PORT_REMOVED, p)));
        known = now;
    }

    @Override
    public boolean isEdgePoint(ConnectPoint point) {
        Port port = devices.getPort(point);
        return port != null && !point.port().isLogical() && devices.isAvailable(point.deviceId())
                && links.getLinks(point).isEmpty();
    }

    @Override
    public Iterable<ConnectPoint> getEdgePoints() {
        ImmutableList.Builder<ConnectPoint> points = ImmutableList.builder();
        for (Device device : devices.getAvailableDevices()) {
            getEdgePoints(device.id()).forEach(points::add);
        }
        return points.build();
    }

    @Override
    public Iterable<ConnectPoint> getEdgePoints(DeviceId deviceId) {
        return devices.getPorts(deviceId).stream().map(p -> new ConnectPoint(deviceId, p.number()))
                .filter(this::isEdgePoint).collect(ImmutableList.toImmutableList());
    }

    @Override
    public void emitPacket(ByteBuffer data, Optional<TrafficTreatment> treatment) {
        getEdgePoints().forEach(point -> emit(point, data, treatment));
    }

    @Override
    public void emitPacket(DeviceId deviceId, ByteBuffer data, Optional<TrafficTreatment> treatment) {
        getEdgePoints(deviceId).forEach(point -> emit(point, data, treatment));
    }

    private void emit(ConnectPoint point, ByteBuffer data, Optional<TrafficTreatment> treatment) {
        TrafficTreatment.Builder builder = treatment.map(DefaultTrafficTreatment::builder)
                .orElse(DefaultTrafficTreatment.builder());
        packets.emit(new DefaultOutboundPacket(point.deviceId(), builder.setOutput(point.port()).build(),
                                               data.duplicate()));
    }
}
