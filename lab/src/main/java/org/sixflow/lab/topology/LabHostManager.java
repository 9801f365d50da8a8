// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.topology;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.Ethernet;
import org.onlab.packet.ICMP6;
import org.onlab.packet.IPv6;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.basics.BasicHostConfig;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.host.HostEvent;
import org.onosproject.net.host.HostListener;
import org.onosproject.net.host.HostService;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;
import org.onosproject.net.provider.ProviderId;
import org.slf4j.Logger;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Hosts: those netcfg configures (hosts."mac/None".basic: name, ips, locations), and those learned,
 * as ONOS's host location provider learns them, from IPv6 packet-ins at edge ports (NDP neighbor
 * solicitations and advertisements are requested from every device): the source MAC at the port
 * it came in, with its IPv6 source address unless unspecified or multicast. A configured host
 * keeps its configured location; a learned host that shows up elsewhere moves. (Netcfg is loaded
 * after the services are built, so configured hosts are read at {@link #start()}.)
 */
public final class LabHostManager extends AbstractListenerManager<HostEvent, HostListener>
        implements HostService, PacketProcessor {

    /** Application that requests NDP packets, as ONOS's host provider names itself. */
    public static final String APP_NAME = "org.onosproject.provider.host";
    private static final ProviderId PROVIDER = new ProviderId("host", "org.sixflow.lab");

    private final Logger log = getLogger(getClass());
    private final Map<HostId, Host> hosts = new ConcurrentHashMap<>();
    private final NetworkConfigService netcfg;
    private final NetworkConfigListener configListener = event -> {
        if (event.configClass() == BasicHostConfig.class && event.subject() instanceof HostId
                && (event.type() == NetworkConfigEvent.Type.CONFIG_ADDED
                || event.type() == NetworkConfigEvent.Type.CONFIG_UPDATED)) {
            configure((HostId) event.subject());
        }
    };
    private final EdgePortService edges;
    private final PacketService packets;
    private final ApplicationId appId;

    /**
     * Creates the service; hosts netcfg configures are added at {@link #start()} and whenever
     * their config is added later.
     *
     * @param netcfg  network configuration
     * @param edges   which ports are edge ports
     * @param packets packet I/O (for NDP requests and packet-ins)
     * @param core    registers the host application
     * @param events  where events go
     */
    public LabHostManager(NetworkConfigService netcfg, EdgePortService edges, PacketService packets,
                          CoreService core, EventDeliveryService events) {
        this.netcfg = netcfg;
        this.edges = edges;
        this.packets = packets;
        this.appId = core.registerApplication(APP_NAME);
        eventDispatcher = events;
        events.addSink(HostEvent.class, listenerRegistry);
    }

    private synchronized void configure(HostId id) {
        BasicHostConfig config = netcfg.getConfig(id, BasicHostConfig.class);
        if (config == null) {
            return;
        }
        Set<HostLocation> locations = config.locations() == null ? Set.of() : config.locations();
        Set<IpAddress> ips = config.ipAddresses() == null ? Set.of() : config.ipAddresses();
        DefaultAnnotations.Builder annotations = DefaultAnnotations.builder();
        if (config.name() != null) {
            annotations.set(AnnotationKeys.NAME, config.name());
        }
        Host host = new DefaultHost(PROVIDER, id, id.mac(), id.vlanId(), locations, ips, true, annotations.build());
        Host before = hosts.put(id, host);
        post(before == null ? new HostEvent(HostEvent.Type.HOST_ADDED, host)
                     : new HostEvent(HostEvent.Type.HOST_UPDATED, host, before));
    }

    /** Adds the configured hosts, requests NDP packet-ins and starts learning. */
    public void start() {
        netcfg.getSubjects(HostId.class, BasicHostConfig.class).forEach(this::configure);
        netcfg.addListener(configListener);
        packets.addProcessor(this, PacketProcessor.advisor(1));
        for (byte type : new byte[]{ICMP6.NEIGHBOR_SOLICITATION, ICMP6.NEIGHBOR_ADVERTISEMENT}) {
            packets.requestPackets(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_IPV6)
                                           .matchIPProtocol(IPv6.PROTOCOL_ICMP6).matchIcmpv6Type(type).build(),
                                   PacketPriority.CONTROL, appId);
        }
    }

    /** Stops learning. */
    public void stop() {
        netcfg.removeListener(configListener);
        packets.removeProcessor(this);
    }

    @Override
    public void process(PacketContext context) {
        Ethernet frame = context.inPacket().parsed();
        if (frame == null || frame.getEtherType() != Ethernet.TYPE_IPV6 || context.isHandled()) {
            return;
        }
        ConnectPoint at = context.inPacket().receivedFrom();
        MacAddress mac = frame.getSourceMAC();
        if (mac.isMulticast() || MacAddress.ZERO.equals(mac) || !edges.isEdgePoint(at)) {
            return;
        }
        IPv6 ipv6 = (IPv6) frame.getPayload();
        Ip6Address source = Ip6Address.valueOf(ipv6.getSourceAddress());
        learn(HostId.hostId(mac, VlanId.vlanId(frame.getVlanID())), at,
              source.isZero() || source.isMulticast() ? null : source);
    }

    private synchronized void learn(HostId id, ConnectPoint at, IpAddress ip) {
        Host before = hosts.get(id);
        HostLocation location = new HostLocation(at, System.currentTimeMillis());
        Set<IpAddress> ips = new HashSet<>(before == null ? Set.of() : before.ipAddresses());
        if (ip != null) {
            ips.add(ip);
        }
        if (before != null && before.configured()) {
            if (!ips.equals(before.ipAddresses())) {
                Host after = new DefaultHost(PROVIDER, id, id.mac(), id.vlanId(), before.locations(), ips, true,
                                             before.annotations());
                hosts.put(id, after);
                post(new HostEvent(HostEvent.Type.HOST_UPDATED, after, before));
            }
            return;
        }
        boolean moved = before != null && !before.location().equals(at);
        if (before != null && !moved && ips.equals(before.ipAddresses())) {
            return;
        }
        Host after = new DefaultHost(PROVIDER, id, id.mac(), id.vlanId(), location, ips);
        hosts.put(id, after);
        if (before == null) {
            log.info("Host {} learned at {} ({})", id, at, ips);
            post(new HostEvent(HostEvent.Type.HOST_ADDED, after));
        } else {
            post(new HostEvent(moved ? HostEvent.Type.HOST_MOVED : HostEvent.Type.HOST_UPDATED, after, before));
        }
    }

    private Set<Host> select(Predicate<Host> which) {
        return hosts.values().stream().filter(which).collect(ImmutableSet.toImmutableSet());
    }

    @Override
    public int getHostCount() {
        return hosts.size();
    }

    @Override
    public Iterable<Host> getHosts() {
        return ImmutableList.copyOf(hosts.values());
    }

    @Override
    public Host getHost(HostId hostId) {
        return hosts.get(hostId);
    }

    @Override
    public Set<Host> getHostsByVlan(VlanId vlanId) {
        return select(h -> h.vlan().equals(vlanId));
    }

    @Override
    public Set<Host> getHostsByMac(MacAddress mac) {
        return select(h -> h.mac().equals(mac));
    }

    @Override
    public Set<Host> getHostsByIp(IpAddress ip) {
        return select(h -> h.ipAddresses().contains(ip));
    }

    @Override
    public Set<Host> getConnectedHosts(ConnectPoint connectPoint) {
        return select(h -> h.locations().stream().anyMatch(l -> l.deviceId().equals(connectPoint.deviceId())
                && l.port().equals(connectPoint.port())));
    }

    @Override
    public Set<Host> getConnectedHosts(DeviceId deviceId) {
        return select(h -> h.locations().stream().anyMatch(l -> l.deviceId().equals(deviceId)));
    }

    @Override
    public void startMonitoringIp(IpAddress ip) {
        // Hosts are learned from their own NDP traffic; no probing.
    }

    @Override
    public void stopMonitoringIp(IpAddress ip) {
        // See startMonitoringIp.
    }

    @Override
    public void requestMac(IpAddress ip) {
        // See startMonitoringIp.
    }
}
