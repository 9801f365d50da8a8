// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.onlab.packet.Ethernet;
import org.onlab.packet.ICMP6;
import org.onlab.packet.IPv6;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.MacAddress;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.host.InterfaceIpAddress;
import org.onosproject.net.intf.Interface;
import org.onosproject.net.intf.InterfaceService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.config.ComponentProperties;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.impl.OutcomeCounts;
import org.sixflow.app.impl.Retries;
import org.sixflow.app.packet.icmpv6.RouterAdvertisement;
import org.sixflow.app.packet.icmpv6.RouterSolicitation;
import org.slf4j.Logger;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import static org.onlab.util.Tools.groupedThreads;
import static org.sixflow.app.features.routing.impl.OsgiPropertyConstants.RA_ENABLED;
import static org.sixflow.app.features.routing.impl.OsgiPropertyConstants.RA_ENABLED_DEFAULT;
import static org.sixflow.app.features.routing.impl.OsgiPropertyConstants.RA_MAX_INTERVAL;
import static org.sixflow.app.features.routing.impl.OsgiPropertyConstants.RA_MAX_INTERVAL_DEFAULT;
import static org.sixflow.app.features.routing.impl.OsgiPropertyConstants.RA_MIN_INTERVAL;
import static org.sixflow.app.features.routing.impl.OsgiPropertyConstants.RA_MIN_INTERVAL_DEFAULT;
import static org.sixflow.app.features.routing.impl.OsgiPropertyConstants.RA_PREFERRED_LIFETIME;
import static org.sixflow.app.features.routing.impl.OsgiPropertyConstants.RA_PREFERRED_LIFETIME_DEFAULT;
import static org.sixflow.app.features.routing.impl.OsgiPropertyConstants.RA_ROUTER_LIFETIME;
import static org.sixflow.app.features.routing.impl.OsgiPropertyConstants.RA_ROUTER_LIFETIME_DEFAULT;
import static org.sixflow.app.features.routing.impl.OsgiPropertyConstants.RA_VALID_LIFETIME;
import static org.sixflow.app.features.routing.impl.OsgiPropertyConstants.RA_VALID_LIFETIME_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Router Advertisements for Sixflow routers (RFC 4861 section 6.2), so that hosts find their
 * default router and configure addresses (RFC 4862) before ONOS has ever seen them. On each
 * advertising port (a netcfg interface with IPv6 subnets on a router's port that is no end of a
 * link between routers: never towards another router) the master of the device sends unsolicited
 * RAs to all-nodes at random intervals between MinRtrAdvInterval and MaxRtrAdvInterval, the first
 * {@link #MAX_INITIAL_RTR_ADVERTISEMENTS} at most {@link #MAX_INITIAL_RTR_ADVERT_INTERVAL_MILLIS}
 * apart (6.2.4); and answers valid Router Solicitations (punted by the ACL, as Neighbor
 * Solicitations are) after a random delay of up to {@link #MAX_RA_DELAY_TIME_MILLIS} (6.2.6): to
 * the solicitor when it has an address, else to all-nodes, at most one multicast RA per port every
 * {@link #MIN_DELAY_BETWEEN_RAS_MILLIS}, which also restarts the port's interval. A malformed
 * solicitation (6.1.1) is dropped and counted.
 *
 * <p>An RA comes from the router's link-local address (fe80:: + the modified EUI-64 of its
 * myStationMac; RouterNdpResponder answers Neighbor Solicitations for it, and routing punts what
 * hosts send to it), carries its MAC, the port's netcfg MTU when set, and each subnet of the
 * port's interfaces as an on-link, autonomous prefix. Settings: component properties
 * ({@link OsgiPropertyConstants}).
 */
@Component(immediate = true, property = {
        RA_ENABLED + ":Boolean=" + RA_ENABLED_DEFAULT,
        RA_MAX_INTERVAL + ":Integer=" + RA_MAX_INTERVAL_DEFAULT,
        RA_MIN_INTERVAL + ":Integer=" + RA_MIN_INTERVAL_DEFAULT,
        RA_ROUTER_LIFETIME + ":Integer=" + RA_ROUTER_LIFETIME_DEFAULT,
        RA_VALID_LIFETIME + ":Integer=" + RA_VALID_LIFETIME_DEFAULT,
        RA_PREFERRED_LIFETIME + ":Integer=" + RA_PREFERRED_LIFETIME_DEFAULT,
})
public class RouterAdvertiser {

    /** RFC 4861 section 10's router constants. */
    static final long MAX_INITIAL_RTR_ADVERT_INTERVAL_MILLIS = 16_000;
    static final int MAX_INITIAL_RTR_ADVERTISEMENTS = 3;
    static final long MIN_DELAY_BETWEEN_RAS_MILLIS = 3_000;
    static final long MAX_RA_DELAY_TIME_MILLIS = 500;
    /** How often the ports' timers are looked at. */
    static final long TICK_MILLIS = 250;

    /** What is punted: ICMPv6 Router Solicitations. */
    static final TrafficSelector SOLICITATIONS = DefaultTrafficSelector.builder()
            .matchEthType(Ethernet.TYPE_IPV6).matchIPProtocol(IPv6.PROTOCOL_ICMP6)
            .matchIcmpv6Type(ICMP6.ROUTER_SOLICITATION).build();

    /** What became of the RAs and solicitations, for operators and tests. */
    enum Outcome {
        /** An unsolicited RA sent to all-nodes. */
        ADVERTISED,
        /** A solicitation answered to the solicitor. */
        ANSWERED_UNICAST,
        /** A solicitation answered to all-nodes (its source was ::). */
        ANSWERED_MULTICAST,
        /** A solicitation that failed RFC 4861 6.1.1's checks: dropped. */
        MALFORMED_SOLICITATION,
        /** A solicitation on a port that does not advertise (a link, no interface): left to others. */
        NOT_ADVERTISING
    }

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PacketService packetService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected InterfaceService interfaceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LinkService linkService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    /** Whether routers send Router Advertisements and answer Router Solicitations. */
    private boolean raEnabled = RA_ENABLED_DEFAULT;
    /** MaxRtrAdvInterval: the longest time between unsolicited RAs, 4..1800 seconds. */
    private int raMaxIntervalSeconds = RA_MAX_INTERVAL_DEFAULT;
    /** MinRtrAdvInterval, 3 seconds..0.75 raMaxIntervalSeconds; 0: 0.33 raMaxIntervalSeconds. */
    private int raMinIntervalSeconds = RA_MIN_INTERVAL_DEFAULT;
    /** Router lifetime advertised: 0 (no default router) or raMaxIntervalSeconds..9000 seconds. */
    private int raRouterLifetimeSeconds = RA_ROUTER_LIFETIME_DEFAULT;
    /** Valid lifetime of the advertised prefixes, seconds. */
    private int raValidLifetimeSeconds = RA_VALID_LIFETIME_DEFAULT;
    /** Preferred lifetime of the advertised prefixes, seconds (at most the valid lifetime). */
    private int raPreferredLifetimeSeconds = RA_PREFERRED_LIFETIME_DEFAULT;

    /** Runs the ticks and delayed answers: a test's, set before activation; when null, a thread. */
    Retries.Timer timer;
    /** Milliseconds, monotonic: a test's, set with the timer. */
    LongSupplier millis = () -> System.nanoTime() / 1_000_000;
    Random random = new Random();

    private final OutcomeCounts<Outcome> outcomes = new OutcomeCounts<>(Outcome.class);
    private final PacketProcessor processor = new SolicitationProcessor();
    /** Each advertising port's timer; guarded by this. */
    private final Map<ConnectPoint, PortTimer> timers = new HashMap<>();
    private volatile RaSettings settings = RaSettings.defaults();
    private volatile boolean active;
    private ApplicationId appId;
    private ScheduledExecutorService thread;

    /** When a port's next unsolicited RA is due, how many it has sent, its last multicast one. */
    private static final class PortTimer {
        long nextAt;
        int sent;
        long lastMulticastAt = Long.MIN_VALUE / 2;
    }

    /** What one port advertises. */
    static final class Advertising {
        final MacAddress routerMac;
        final Optional<Integer> mtu;
        final List<RouterAdvertisement.Prefix> prefixes;

        Advertising(MacAddress routerMac, Optional<Integer> mtu, List<RouterAdvertisement.Prefix> prefixes) {
            this.routerMac = routerMac;
            this.mtu = mtu;
            this.prefixes = prefixes;
        }
    }

    @Activate
    protected void activate(ComponentContext context) {
        appId = coreService.registerApplication(SixflowConfigRegistrar.APP_NAME);
        componentConfigService.registerProperties(getClass());
        readProperties(context);
        if (timer == null) {
            thread = Executors.newSingleThreadScheduledExecutor(groupedThreads("sixflow/routing", "ra", log));
            timer = (task, delay) -> thread.schedule(task, delay, TimeUnit.MILLISECONDS);
        }
        active = true;
        packetService.addProcessor(processor, PacketProcessor.director(1));
        packetService.requestPackets(SOLICITATIONS, PacketPriority.CONTROL, appId);
        timer.schedule(this::tick, TICK_MILLIS);
        log.info("Started");
    }

    @Modified
    protected void modified(ComponentContext context) {
        readProperties(context);
    }

    @Deactivate
    protected void deactivate() {
        active = false;
        componentConfigService.unregisterProperties(getClass(), false);
        packetService.cancelPackets(SOLICITATIONS, PacketPriority.CONTROL, appId);
        packetService.removeProcessor(processor);
        if (thread != null) {
            thread.shutdownNow();
            thread = null;
        }
        synchronized (this) {
            timers.clear();
        }
        log.info("Stopped");
    }

    /**
     * Counts of what became of RAs and solicitations since activation.
     *
     * @return outcome to count
     */
    Map<Outcome, Long> outcomes() {
        return outcomes.snapshot();
    }

    private void readProperties(ComponentContext context) {
        RaSettings now = settings;
        boolean enabled = ComponentProperties.text(context, RA_ENABLED).map(t -> Boolean.parseBoolean(t.trim()))
                .orElse(now.enabled);
        int max = ComponentProperties.integer(context, RA_MAX_INTERVAL, now.maxIntervalSeconds,
                                              RaSettings.MIN_MAX_INTERVAL, RaSettings.MAX_MAX_INTERVAL, "seconds", log);
        int min = ComponentProperties.integer(context, RA_MIN_INTERVAL, 0, 0, RaSettings.MAX_MAX_INTERVAL,
                                              "seconds", log);
        int lifetime = ComponentProperties.integer(context, RA_ROUTER_LIFETIME, now.routerLifetimeSeconds, 0,
                                                   RouterAdvertisement.MAX_ROUTER_LIFETIME, "seconds", log);
        int valid = ComponentProperties.integer(context, RA_VALID_LIFETIME, (int) now.validLifetimeSeconds, 0,
                                                Integer.MAX_VALUE, "seconds", log);
        int preferred = ComponentProperties.integer(context, RA_PREFERRED_LIFETIME,
                                                    (int) now.preferredLifetimeSeconds, 0, Integer.MAX_VALUE,
                                                    "seconds", log);
        try {
            settings = new RaSettings(enabled, max, min, lifetime, valid, preferred);
            raEnabled = enabled;
            raMaxIntervalSeconds = max;
            raMinIntervalSeconds = min;
            raRouterLifetimeSeconds = lifetime;
            raValidLifetimeSeconds = valid;
            raPreferredLifetimeSeconds = preferred;
            log.debug("RA settings: enabled {}, intervals {}..{} s, router lifetime {} s, prefixes {}/{} s", raEnabled,
                      raMinIntervalSeconds, raMaxIntervalSeconds, raRouterLifetimeSeconds, raValidLifetimeSeconds,
                      raPreferredLifetimeSeconds);
        } catch (IllegalArgumentException e) {
            log.warn("Router Advertisement settings not changed: {}", e.getMessage());
        }
    }

    /**
     * The ports this instance advertises on now: each interface's port on a router this instance
     * masters, with IPv6 subnets, that no link between routers ends at.
     *
     * @return port to what it advertises
     */
    Map<ConnectPoint, Advertising> advertisingPorts() {
        RaSettings now = settings;
        Map<ConnectPoint, Advertising> ports = new LinkedHashMap<>();
        if (!now.enabled) {
            return ports;
        }
        for (Interface intf : interfaceService.getInterfaces()) {
            ConnectPoint port = intf.connectPoint();
            if (port.port().isLogical() || !mastershipService.isLocalMaster(port.deviceId())
                    || !linkService.getIngressLinks(port).isEmpty() || !linkService.getEgressLinks(port).isEmpty()) {
                continue;
            }
            SixflowDeviceConfig config = configService.getConfig(port.deviceId(), SixflowDeviceConfig.class);
            MacAddress mac;
            Optional<Integer> mtu;
            try {
                if (config == null || !config.isValid()) {
                    continue;
                }
                mac = config.myStationMac();
                mtu = config.mtuOf(port.port());
            } catch (RuntimeException e) {
                continue;
            }
            List<RouterAdvertisement.Prefix> prefixes = new ArrayList<>(
                    ports.containsKey(port) ? ports.get(port).prefixes : List.of());
            for (InterfaceIpAddress address : intf.ipAddressesList()) {
                IpPrefix subnet = address.subnetAddress();
                if (subnet == null || !subnet.isIp6() || subnet.address().isMulticast()
                        || subnet.getIp6Prefix().address().toOctets()[0] == (byte) 0xfe) {
                    continue;
                }
                RouterAdvertisement.Prefix prefix = new RouterAdvertisement.Prefix(
                        subnet.getIp6Prefix(), now.validLifetimeSeconds, now.preferredLifetimeSeconds);
                if (prefixes.stream().noneMatch(p -> p.prefix().equals(subnet.getIp6Prefix()))) {
                    prefixes.add(prefix);
                }
            }
            if (!prefixes.isEmpty()) {
                ports.put(port, new Advertising(mac, mtu, prefixes));
            }
        }
        return ports;
    }

    /** Sends what is due: each advertising port's unsolicited RA when its interval is up. */
    private void tick() {
        if (!active) {
            return;
        }
        try {
            Map<ConnectPoint, Advertising> ports = advertisingPorts();
            long now = millis.getAsLong();
            List<ConnectPoint> due = new ArrayList<>();
            synchronized (this) {
                timers.keySet().retainAll(ports.keySet());
                for (ConnectPoint port : ports.keySet()) {
                    // A port that starts advertising sends its first RA now (6.2.4).
                    PortTimer t = timers.computeIfAbsent(port, p -> {
                        PortTimer fresh = new PortTimer();
                        fresh.nextAt = now;
                        return fresh;
                    });
                    if (t.nextAt <= now) {
                        due.add(port);
                    }
                }
            }
            due.forEach(port -> multicast(port, ports.get(port), Outcome.ADVERTISED));
        } catch (RuntimeException e) {
            log.warn("Router Advertisements failed", e);
        } finally {
            if (active) {
                timer.schedule(this::tick, TICK_MILLIS);
            }
        }
    }

    /** Sends an RA to all-nodes on a port and restarts its interval (6.2.4, 6.2.6). */
    private void multicast(ConnectPoint port, Advertising what, Outcome outcome) {
        long now = millis.getAsLong();
        synchronized (this) {
            PortTimer t = timers.computeIfAbsent(port, p -> new PortTimer());
            t.sent++;
            t.lastMulticastAt = now;
            t.nextAt = now + nextInterval(t.sent);
        }
        emit(port, what, RouterAdvertisement.ALL_NODES_MAC, RouterAdvertisement.ALL_NODES);
        outcomes.count(outcome);
    }

    /** A random interval between MinRtrAdvInterval and MaxRtrAdvInterval; the first few at most 16 s. */
    long nextInterval(int sent) {
        RaSettings now = settings;
        long min = now.minIntervalSeconds * 1000L;
        long max = now.maxIntervalSeconds * 1000L;
        long interval = min + (long) (random.nextDouble() * (max - min));
        return sent < MAX_INITIAL_RTR_ADVERTISEMENTS ? Math.min(interval, MAX_INITIAL_RTR_ADVERT_INTERVAL_MILLIS)
                : interval;
    }

    private void emit(ConnectPoint port, Advertising what, MacAddress dstMac, Ip6Address to) {
        byte[] frame = RouterAdvertisement.frame(what.routerMac, dstMac, to, settings.routerLifetimeSeconds, what.mtu,
                                                 what.prefixes);
        packetService.emit(new DefaultOutboundPacket(port.deviceId(),
                                                     DefaultTrafficTreatment.builder().setOutput(port.port()).build(),
                                                     ByteBuffer.wrap(frame)));
    }

    /** Answers a valid solicitation after a random delay (6.2.6). */
    private void answer(ConnectPoint port, RouterSolicitation solicitation) {
        long delay = (long) (random.nextDouble() * MAX_RA_DELAY_TIME_MILLIS);
        if (!solicitation.fromUnspecified()) {
            timer.schedule(() -> {
                Advertising what = advertisingPorts().get(port);
                if (active && what != null) {
                    emit(port, what, solicitation.sourceMac, solicitation.source);
                    outcomes.count(Outcome.ANSWERED_UNICAST);
                }
            }, delay);
            return;
        }
        long at;
        synchronized (this) {
            PortTimer t = timers.get(port);
            long now = millis.getAsLong();
            at = Math.max(now + delay, t == null ? now : t.lastMulticastAt + MIN_DELAY_BETWEEN_RAS_MILLIS);
            if (t != null && t.nextAt <= at) {
                return;   // an RA to all-nodes goes out by then anyway
            }
            if (t != null) {
                t.nextAt = at;   // the tick sends it, as a solicited RA
            }
        }
        timer.schedule(() -> {
            Advertising what = advertisingPorts().get(port);
            boolean send;
            synchronized (this) {
                PortTimer t = timers.get(port);
                send = active && what != null && (t == null || t.nextAt == at);
            }
            if (send) {
                multicast(port, what, Outcome.ANSWERED_MULTICAST);
            }
        }, at - millis.getAsLong());
    }

    private class SolicitationProcessor implements PacketProcessor {
        @Override
        public void process(PacketContext context) {
            if (context.isHandled()) {
                return;
            }
            InboundPacket in = context.inPacket();
            ByteBuffer raw = in.unparsed().duplicate();
            byte[] frame = new byte[raw.remaining()];
            raw.get(frame);
            RouterSolicitation solicitation = RouterSolicitation.parse(frame);
            if (solicitation.verdict == RouterSolicitation.Verdict.NOT_A_SOLICITATION) {
                return;
            }
            if (solicitation.verdict != RouterSolicitation.Verdict.VALID) {
                outcomes.count(Outcome.MALFORMED_SOLICITATION);
                log.debug("Router Solicitation at {} dropped: {}", in.receivedFrom(), solicitation.verdict);
                context.block();
                return;
            }
            ConnectPoint port = in.receivedFrom();
            if (!advertisingPorts().containsKey(port)) {
                outcomes.count(Outcome.NOT_ADVERTISING);
                return;
            }
            context.block();
            answer(port, solicitation);
        }
    }
}
