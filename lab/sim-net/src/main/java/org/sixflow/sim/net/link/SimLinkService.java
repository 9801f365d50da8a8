// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.link;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.LinkKey;
import org.onosproject.net.Port;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.link.LinkEvent;
import org.onosproject.net.link.LinkListener;
import org.onosproject.net.link.LinkService;
import org.sixflow.sim.net.SimIdentities;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's link service over simulated cables. A link carries traffic while its cable is up and both
 * its ports are enabled (so both devices connected); otherwise a discovered link is gone
 * (LINK_REMOVED, found again with LINK_ADDED) and a durable one is INACTIVE (LINK_UPDATED), as
 * ONOS's link manager treats them when a device or port goes down.
 *
 * <p>The control methods ({@link #add}, {@link #setUp}, {@link #refresh}...) are the simulation's:
 * call them through {@code SimNetwork}.
 */
public final class SimLinkService extends AbstractListenerManager<LinkEvent, LinkListener> implements LinkService {

    private final DeviceService devices;
    // Guarded by this: both directions of every cable, in the order they were added.
    private final Map<LinkKey, Wire> wires = new LinkedHashMap<>();

    /** One direction of a cable and the link ONOS shows for it, if any. */
    private static final class Wire {
        private final DefaultLink active;
        private final boolean durable;
        private boolean up = true;
        private Link shown;

        private Wire(DefaultLink active, boolean durable) {
            this.active = active;
            this.durable = durable;
        }
    }

    /**
     * Creates the service over the devices.
     *
     * @param dispatcher the simulated network's event dispatcher
     * @param devices    the device service
     */
    public SimLinkService(EventDeliveryService dispatcher, DeviceService devices) {
        this.eventDispatcher = checkNotNull(dispatcher, "Event dispatcher cannot be null");
        this.devices = checkNotNull(devices, "Device service cannot be null");
        dispatcher.addSink(LinkEvent.class, listenerRegistry);
    }

    /**
     * Adds a cable: a link each way, LINK_ADDED for those that carry traffic (all of them if durable).
     *
     * @param spec the cable
     * @throws IllegalArgumentException if an end is no port of a known device, or the ports are cabled
     */
    public synchronized void add(LinkSpec spec) {
        checkNotNull(spec, "Link spec cannot be null");
        requirePort(spec.one());
        requirePort(spec.two());
        for (ConnectPoint end : List.of(spec.one(), spec.two())) {
            checkArgument(wires.keySet().stream().noneMatch(k -> k.src().equals(end)),
                          "Port %s is already cabled", end);
        }
        DefaultAnnotations.Builder annotations = DefaultAnnotations.builder();
        spec.annotations().forEach(annotations::set);
        for (ConnectPoint[] ends : List.of(new ConnectPoint[]{spec.one(), spec.two()},
                                           new ConnectPoint[]{spec.two(), spec.one()})) {
            DefaultLink link = DefaultLink.builder().providerId(SimIdentities.PROVIDER_ID).src(ends[0]).dst(ends[1])
                    .type(Link.Type.DIRECT).state(Link.State.ACTIVE).isExpected(spec.durable())
                    .annotations(annotations.build()).build();
            Wire wire = new Wire(link, spec.durable());
            wires.put(LinkKey.linkKey(link), wire);
            refresh(wire);
        }
    }

    private void requirePort(ConnectPoint point) {
        checkArgument(devices.getDevice(point.deviceId()) != null, "No device %s for a link end", point.deviceId());
        checkArgument(devices.getPort(point) != null, "Device %s has no port %s for a link end", point.deviceId(),
                      point.port());
    }

    /**
     * Removes a cable: LINK_REMOVED for each of its links ONOS shows.
     *
     * @param one one end
     * @param two the other end
     * @throws IllegalArgumentException if no cable joins them
     */
    public synchronized void remove(ConnectPoint one, ConnectPoint two) {
        for (Wire wire : cable(one, two)) {
            wires.remove(LinkKey.linkKey(wire.active));
            if (wire.shown != null) {
                post(new LinkEvent(LinkEvent.Type.LINK_REMOVED, wire.shown));
            }
        }
    }

    /**
     * Removes every cable of a device, as when the device is removed: LINK_REMOVED for each link shown.
     *
     * @param deviceId the device
     */
    public synchronized void removeDevice(DeviceId deviceId) {
        for (Wire wire : new ArrayList<>(wires.values())) {
            if (wire.active.src().deviceId().equals(deviceId) || wire.active.dst().deviceId().equals(deviceId)) {
                wires.remove(LinkKey.linkKey(wire.active));
                if (wire.shown != null) {
                    post(new LinkEvent(LinkEvent.Type.LINK_REMOVED, wire.shown));
                }
            }
        }
    }

    /**
     * Cuts or mends a cable: both its links change as their ports allow.
     *
     * @param one one end
     * @param two the other end
     * @param up  true to mend it
     * @return true if the cable's state changed
     * @throws IllegalArgumentException if no cable joins them
     */
    public synchronized boolean setUp(ConnectPoint one, ConnectPoint two, boolean up) {
        boolean changed = false;
        for (Wire wire : cable(one, two)) {
            changed |= wire.up != up;
            wire.up = up;
            refresh(wire);
        }
        return changed;
    }

    /** Brings every link in step with its ports, after devices or ports changed. */
    public synchronized void refresh() {
        wires.values().forEach(this::refresh);
    }

    private List<Wire> cable(ConnectPoint one, ConnectPoint two) {
        checkNotNull(one, "Link end cannot be null");
        checkNotNull(two, "Link end cannot be null");
        Wire there = wires.get(LinkKey.linkKey(one, two));
        Wire back = wires.get(LinkKey.linkKey(two, one));
        checkArgument(there != null && back != null, "No link between %s and %s", one, two);
        return List.of(there, back);
    }

    private void refresh(Wire wire) {
        boolean carries = wire.up && enabled(wire.active.src()) && enabled(wire.active.dst());
        Link shown;
        if (carries) {
            shown = wire.active;
        } else if (wire.durable) {
            shown = DefaultLink.builder().providerId(wire.active.providerId()).src(wire.active.src())
                    .dst(wire.active.dst()).type(wire.active.type()).state(Link.State.INACTIVE).isExpected(true)
                    .annotations(wire.active.annotations()).build();
        } else {
            shown = null;
        }
        Link before = wire.shown;
        wire.shown = shown;
        if (before == null && shown != null) {
            post(new LinkEvent(LinkEvent.Type.LINK_ADDED, shown));
        } else if (before != null && shown == null) {
            post(new LinkEvent(LinkEvent.Type.LINK_REMOVED, before));
        } else if (before != null && before.state() != shown.state()) {
            post(new LinkEvent(LinkEvent.Type.LINK_UPDATED, shown));
        }
    }

    private boolean enabled(ConnectPoint point) {
        Port port = devices.getPort(point);
        return port != null && port.isEnabled() && devices.isAvailable(point.deviceId());
    }

    private synchronized List<Link> shown(Predicate<Link> filter) {
        List<Link> result = new ArrayList<>();
        for (Wire wire : wires.values()) {
            if (wire.shown != null && filter.test(wire.shown)) {
                result.add(wire.shown);
            }
        }
        return result;
    }

    private static Predicate<Link> touches(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        return l -> l.src().deviceId().equals(deviceId) || l.dst().deviceId().equals(deviceId);
    }

    @Override
    public int getLinkCount() {
        return shown(l -> true).size();
    }

    @Override
    public Iterable<Link> getLinks() {
        return ImmutableList.copyOf(shown(l -> true));
    }

    @Override
    public Iterable<Link> getActiveLinks() {
        return ImmutableList.copyOf(shown(l -> l.state() == Link.State.ACTIVE));
    }

    @Override
    public Set<Link> getDeviceLinks(DeviceId deviceId) {
        return ImmutableSet.copyOf(shown(touches(deviceId)));
    }

    @Override
    public Set<Link> getDeviceEgressLinks(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        return ImmutableSet.copyOf(shown(l -> l.src().deviceId().equals(deviceId)));
    }

    @Override
    public Set<Link> getDeviceIngressLinks(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        return ImmutableSet.copyOf(shown(l -> l.dst().deviceId().equals(deviceId)));
    }

    @Override
    public Set<Link> getLinks(ConnectPoint connectPoint) {
        checkNotNull(connectPoint, "Connect point cannot be null");
        return ImmutableSet.copyOf(shown(l -> l.src().equals(connectPoint) || l.dst().equals(connectPoint)));
    }

    @Override
    public Set<Link> getEgressLinks(ConnectPoint connectPoint) {
        checkNotNull(connectPoint, "Connect point cannot be null");
        return ImmutableSet.copyOf(shown(l -> l.src().equals(connectPoint)));
    }

    @Override
    public Set<Link> getIngressLinks(ConnectPoint connectPoint) {
        checkNotNull(connectPoint, "Connect point cannot be null");
        return ImmutableSet.copyOf(shown(l -> l.dst().equals(connectPoint)));
    }

    @Override
    public Link getLink(ConnectPoint src, ConnectPoint dst) {
        checkNotNull(src, "Source cannot be null");
        checkNotNull(dst, "Destination cannot be null");
        List<Link> found = shown(l -> l.src().equals(src) && l.dst().equals(dst));
        return found.isEmpty() ? null : found.get(0);
    }

    /**
     * Tells whether a cable joins two ports, whatever ONOS shows of it.
     *
     * @param one one end
     * @param two the other end
     * @return true if cabled
     */
    public synchronized boolean isCabled(ConnectPoint one, ConnectPoint two) {
        return wires.containsKey(LinkKey.linkKey(one, two)) && Objects.nonNull(wires.get(LinkKey.linkKey(two, one)));
    }
}
