// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.topology;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.LinkKey;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.link.LinkEvent;
import org.onosproject.net.link.LinkListener;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.provider.ProviderId;
import org.slf4j.Logger;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Links as discovery finds them: one per direction, added when a probe sent from its source is
 * received at its destination, removed when no probe has crossed it for a while, when either port
 * goes down, or when either device becomes unavailable.
 */
public final class LabLinkManager extends AbstractListenerManager<LinkEvent, LinkListener> implements LinkService {

    private static final ProviderId PROVIDER = new ProviderId("lldp", "org.sixflow.lab");

    private final Logger log = getLogger(getClass());
    private final Map<LinkKey, Link> links = new ConcurrentHashMap<>();
    private final Map<LinkKey, Long> lastSeen = new ConcurrentHashMap<>();

    /**
     * Creates the service.
     *
     * @param devices devices whose port and availability changes remove links
     * @param events  where events go
     */
    public LabLinkManager(DeviceService devices, EventDeliveryService events) {
        eventDispatcher = events;
        events.addSink(LinkEvent.class, listenerRegistry);
        devices.addListener(event -> {
            if (event.type() == DeviceEvent.Type.PORT_UPDATED && !event.port().isEnabled()) {
                ConnectPoint cp = new ConnectPoint(event.subject().id(), event.port().number());
                removeIf(l -> l.src().equals(cp) || l.dst().equals(cp), "port " + cp + " is down");
            } else if (event.type() == DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED
                    && !devices.isAvailable(event.subject().id())) {
                DeviceId id = event.subject().id();
                removeIf(l -> l.src().deviceId().equals(id) || l.dst().deviceId().equals(id), id + " is unavailable");
            }
        });
    }

    /**
     * Records that a probe from src arrived at dst.
     *
     * @param src where it was sent from
     * @param dst where it was received
     */
    public void linkSeen(ConnectPoint src, ConnectPoint dst) {
        LinkKey key = LinkKey.linkKey(src, dst);
        lastSeen.put(key, System.currentTimeMillis());
        if (!links.containsKey(key)) {
            Link link = DefaultLink.builder().providerId(PROVIDER).src(src).dst(dst).type(Link.Type.DIRECT)
                    .state(Link.State.ACTIVE).build();
            if (links.putIfAbsent(key, link) == null) {
                log.info("Link {} -> {} discovered", src, dst);
                post(new LinkEvent(LinkEvent.Type.LINK_ADDED, link));
            }
        }
    }

    /**
     * Removes links no probe has crossed since a time.
     *
     * @param oldestMillis links last seen before this (epoch ms) are removed
     */
    public void expire(long oldestMillis) {
        removeIf(l -> lastSeen.getOrDefault(LinkKey.linkKey(l), 0L) < oldestMillis, "no probe crossed it");
    }

    private void removeIf(Predicate<Link> gone, String why) {
        for (Link link : ImmutableList.copyOf(links.values())) {
            if (gone.test(link) && links.remove(LinkKey.linkKey(link), link)) {
                lastSeen.remove(LinkKey.linkKey(link));
                log.info("Link {} -> {} removed: {}", link.src(), link.dst(), why);
                post(new LinkEvent(LinkEvent.Type.LINK_REMOVED, link));
            }
        }
    }

    @Override
    public int getLinkCount() {
        return links.size();
    }

    @Override
    public Iterable<Link> getLinks() {
        return ImmutableList.copyOf(links.values());
    }

    @Override
    public Iterable<Link> getActiveLinks() {
        return ImmutableList.copyOf(links.values());
    }

    private Set<Link> select(Predicate<Link> which) {
        return links.values().stream().filter(which).collect(ImmutableSet.toImmutableSet());
    }

    @Override
    public Set<Link> getDeviceLinks(DeviceId deviceId) {
        return select(l -> l.src().deviceId().equals(deviceId) || l.dst().deviceId().equals(deviceId));
    }

    @Override
    public Set<Link> getDeviceEgressLinks(DeviceId deviceId) {
        return select(l -> l.src().deviceId().equals(deviceId));
    }

    @Override
    public Set<Link> getDeviceIngressLinks(DeviceId deviceId) {
        return select(l -> l.dst().deviceId().equals(deviceId));
    }

    @Override
    public Set<Link> getLinks(ConnectPoint connectPoint) {
        return select(l -> l.src().equals(connectPoint) || l.dst().equals(connectPoint));
    }

    @Override
    public Set<Link> getEgressLinks(ConnectPoint connectPoint) {
        return select(l -> l.src().equals(connectPoint));
    }

    @Override
    public Set<Link> getIngressLinks(ConnectPoint connectPoint) {
        return select(l -> l.dst().equals(connectPoint));
    }

    @Override
    public Link getLink(ConnectPoint src, ConnectPoint dst) {
        return links.get(LinkKey.linkKey(src, dst));
    }
}
