// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.echo;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.Ip6Address;
import org.onlab.util.KryoNamespace;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.EventuallyConsistentMap;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.WallClockTimestamp;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.config.ComponentProperties;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.features.gtpu.api.GtpuPath;
import org.sixflow.app.features.gtpu.api.GtpuPathService;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.features.routing.api.RoutingService;
import org.sixflow.app.impl.PuntResponder;
import org.sixflow.app.packet.gtpu.GtpuHeader;
import org.sixflow.app.packet.gtpu.GtpuPacket;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import static org.onlab.util.Tools.groupedThreads;
import static org.sixflow.app.features.gtpu.impl.echo.OsgiPropertyConstants.ECHO_INTERVAL;
import static org.sixflow.app.features.gtpu.impl.echo.OsgiPropertyConstants.ECHO_INTERVAL_DEFAULT;
import static org.sixflow.app.features.gtpu.impl.echo.OsgiPropertyConstants.ECHO_MISSES;
import static org.sixflow.app.features.gtpu.impl.echo.OsgiPropertyConstants.ECHO_MISSES_DEFAULT;

/**
 * GTP-U path supervision (TS 29.281 section 7.2.1): every echoIntervalSeconds seconds
 * (default 60, the section's shortest period), an Echo Request on
 * each path in use, from a decap device's N3 address to each of its tunnels' peers, sent by the
 * device's master out of the port and to the next hop of the device's installed route to the
 * peer (routing's longest prefix), from that route's router MAC, UDP 2152 to 2152. The data plane
 * punts the peer's Echo Response to the N3 address (gtpu.p4); one with the sequence number of the
 * path's outstanding request answers it. A request still unanswered when the next is due is
 * missed; echoMisses missed in a row (default 3) make the
 * path DOWN (history event {@value #PATH_DOWN}, a warning in the log), an answer makes it UP again
 * ({@value #PATH_UP} after a DOWN). A path without an installed route to its peer is not echoed
 * (nor counted as missed), and says why; once the peer has answered, a route whose entry is being
 * confirmed again (REQUESTED) serves as well: the request leaves by the route's port and MACs, not
 * by the device's entry, and a new master re-confirms every entry of its devices for seconds after
 * it takes them. A path no tunnel uses any more is forgotten. What the
 * echoes found of each path is kept in a map the cluster shares, written by its device's master,
 * so that every instance lists every path and a new master goes on from where the last one was.
 */
@Component(immediate = true, service = GtpuPathService.class, property = {
        ECHO_INTERVAL + ":Integer=" + ECHO_INTERVAL_DEFAULT,
        ECHO_MISSES + ":Integer=" + ECHO_MISSES_DEFAULT,
})
public class GtpuPathSupervisor extends PuntResponder<GtpuPathSupervisor.Outcome> implements GtpuPathService {

    /** History event kinds. */
    public static final String PATH_DOWN = "GTPU_PATH_DOWN";
    public static final String PATH_UP = "GTPU_PATH_UP";
    static final int MAX_MISSES = 100;
    /** Why a path has had no request yet: it came into use after the last round. */
    static final String AWAITING_ROUND = "came into use after the last round";
    /** How path states travel between cluster instances (Instant is not in ONOS's namespaces). */
    static final KryoNamespace PATH_STATES = KryoNamespace.newBuilder().register(KryoNamespaces.API)
            .register(PathKey.class, PathState.class, GtpuPath.State.class, Instant.class)
            .build("sixflow-gtpu-paths");

    /** What became of a punted Echo Response. */
    public enum Outcome {
        /** It answered a path's outstanding request. */
        ANSWERED,
        /** It answered no outstanding request of a path of the device (late, repeated, or not ours). */
        UNEXPECTED,
        /** Truncated, lengths or UDP checksum wrong, or an unusable source. */
        MALFORMED,
        /** From a device with no valid Sixflow configuration. */
        NOT_SIXFLOW_DEVICE
    }

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GtpuTunnelService tunnelService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected RoutingService routingService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HistoryService historyService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    /** What the echoes found of each path in use, written by its device's master only. */
    private EventuallyConsistentMap<PathKey, PathState> paths;
    /** Seconds between a path's Echo Requests (TS 29.281 7.2.1: no fewer than 60). */
    private int echoIntervalSeconds = ECHO_INTERVAL_DEFAULT;
    /** Echo Requests unanswered in a row that make a path DOWN. */
    private int echoMisses = ECHO_MISSES_DEFAULT;
    private Clock clock = Clock.systemUTC();
    private volatile ScheduledExecutorService timer;
    private ScheduledFuture<?> ticks;
    private Instant nextRound;

    /** A supervisor, as OSGi makes it: no rate limit of its own (answers only what it asked). */
    public GtpuPathSupervisor() {
        super(Outcome.class, Long.MAX_VALUE / 2, Long.MAX_VALUE / 2, 2);
    }

    @Activate
    protected void activate(ComponentContext context) {
        componentConfigService.registerProperties(getClass());
        readProperties(context);
        paths = storageService.<PathKey, PathState>eventuallyConsistentMapBuilder()
                .withName("sixflow-gtpu-paths")
                .withSerializer(PATH_STATES)
                .withTimestampProvider((key, state) -> new WallClockTimestamp())
                .build();
        timer = Executors.newSingleThreadScheduledExecutor(groupedThreads("sixflow/gtpu", "echo", log));
        schedule();
        start();
    }

    @Modified
    protected void modified(ComponentContext context) {
        readProperties(context);
        schedule();
    }

    @Deactivate
    protected void deactivate() {
        stop();
        componentConfigService.unregisterProperties(getClass(), false);
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
        if (paths != null) {
            paths.destroy();
        }
    }

    /** For tests: the clock of the history events and last responses; no timer runs then. */
    void setClock(Clock clock) {
        this.clock = clock;
    }

    private void readProperties(ComponentContext context) {
        echoIntervalSeconds = ComponentProperties.seconds(context, ECHO_INTERVAL, echoIntervalSeconds, log);
        echoMisses = ComponentProperties.integer(context, ECHO_MISSES, echoMisses, 1, MAX_MISSES, "requests", log);
        if (echoIntervalSeconds < ECHO_INTERVAL_DEFAULT) {
            log.warn("Echo Requests every {} s: TS 29.281 7.2.1 sends them no more often than every {} s",
                     echoIntervalSeconds, ECHO_INTERVAL_DEFAULT);
        }
    }

    private void schedule() {
        if (timer == null) {
            return;
        }
        if (ticks != null) {
            ticks.cancel(false);
        }
        ticks = timer.scheduleWithFixedDelay(this::tickSafely, echoIntervalSeconds, echoIntervalSeconds, TimeUnit.SECONDS);
        synchronized (this) {
            nextRound = clock.instant().plusSeconds(echoIntervalSeconds);
            replan();
        }
    }

    /** The paths this instance echoes are next due at the new round (the interval changed). */
    private void replan() {
        if (paths == null) {
            return;
        }
        for (PathKey key : pathsInUse()) {
            PathState path = paths.get(key);
            if (path != null && path.nextRequest != null && mastershipService.isLocalMaster(key.device)) {
                PathState moved = new PathState(path);
                moved.nextRequest = nextRound;
                paths.put(key, moved);
            }
        }
    }

    private void tickSafely() {
        try {
            tick();
        } catch (RuntimeException e) {
            log.warn("GTP-U path supervision round failed", e);
        }
    }

    /**
     * One round: each path in use whose device this instance masters counts its unanswered
     * request as missed and gets a new one; paths no tunnel uses are forgotten.
     */
    synchronized void tick() {
        Instant due = clock.instant().plusSeconds(echoIntervalSeconds);
        if (timer != null) {
            nextRound = due;
        }
        Set<PathKey> inUse = pathsInUse();
        for (PathKey gone : new ArrayList<>(paths.keySet())) {
            if (!inUse.contains(gone)) {
                paths.remove(gone);
            }
        }
        for (PathKey key : inUse) {
            if (!mastershipService.isLocalMaster(key.device)) {
                continue;
            }
            PathState path = Optional.ofNullable(paths.get(key)).map(PathState::new).orElseGet(PathState::new);
            if (path.outstanding) {
                path.missed++;
                if (path.missed >= echoMisses && path.state != GtpuPath.State.DOWN) {
                    path.state = GtpuPath.State.DOWN;
                    String detail = String.format("%s unanswered from %s at %s (%d echo requests in a row)",
                                                  key.peer, key.n3, key.device, path.missed);
                    log.warn("GTP-U path down: {}", detail);
                    historyService.record(HistoryEvent.of(clock.instant(), PATH_DOWN, key.peer.toString(), detail));
                }
            }
            path.notEchoed = send(key, path.nextSequence, path.responses > 0).orElse(null);
            path.outstanding = path.notEchoed == null;
            if (path.outstanding) {
                path.sequence = path.nextSequence;
                path.nextSequence = (path.nextSequence + 1) & 0xFFFF;
                path.requestsSent++;
                path.lastRequest = clock.instant();
            }
            path.nextRequest = due;
            paths.put(key, path);
        }
    }

    /** The paths the tunnels use, in order. */
    private Set<PathKey> pathsInUse() {
        Set<PathKey> inUse = new TreeSet<>();
        for (GtpuTunnel t : tunnelService.tunnels()) {
            inUse.add(new PathKey(t.decapDevice(), t.n3Address(), t.peerAddress()));
        }
        return inUse;
    }

    /**
     * Sends a path's request; says why not when the device has no Sixflow configuration or no
     * route to the peer (installed, or, for a path answered before, still being confirmed).
     */
    private Optional<String> send(PathKey key, int sequence, boolean answeredBefore) {
        if (SixflowDeviceConfig.validOf(configService, key.device).isEmpty()) {
            return Optional.of(key.device + " has no valid Sixflow configuration");
        }
        Optional<Ipv6Route> route = routeTo(key.device, key.peer, answeredBefore);
        if (route.isEmpty()) {
            log.debug("No installed route from {} to GTP-U peer {}: not echoed", key.device, key.peer);
            return Optional.of("no installed route from " + key.device + " to " + key.peer);
        }
        byte[] frame = GtpuPacket.frame(route.get().sourceMac(), route.get().nextHopMac(), key.n3, key.peer,
                                        GtpuHeader.UDP_PORT, GtpuHeader.echoRequest(sequence));
        packetService.emit(new DefaultOutboundPacket(
                key.device, DefaultTrafficTreatment.builder().setOutput(route.get().port()).build(),
                ByteBuffer.wrap(frame)));
        return Optional.empty();
    }

    /**
     * The device's installed route with the longest prefix holding the address; with
     * orConfirming, a route still being confirmed (REQUESTED) counts too. Before a path's first
     * answer it does not: a request sent while the network is still being written would count
     * as missed.
     */
    private Optional<Ipv6Route> routeTo(DeviceId device, Ip6Address address, boolean orConfirming) {
        try {
            return routingService.routes(device).stream()
                    .filter(r -> r.state() == Ipv6Route.State.INSTALLED
                            || orConfirming && r.state() == Ipv6Route.State.REQUESTED)
                    .filter(r -> r.prefix().contains(address))
                    .max(Comparator.comparingInt(r -> r.prefix().prefixLength()));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public synchronized List<GtpuPath> paths() {
        ImmutableList.Builder<GtpuPath> list = ImmutableList.builder();
        for (PathKey k : pathsInUse()) {
            PathState p = Optional.ofNullable(paths.get(k)).orElse(NOT_YET_ECHOED);
            list.add(GtpuPath.builder(k.device, k.n3, k.peer).state(p.state).requestsSent(p.requestsSent)
                             .responses(p.responses).missed(p.missed).lastRequest(p.lastRequest)
                             .lastResponse(p.lastResponse).notEchoed(p.notEchoed).nextRequest(p.nextRequest)
                             .build());
        }
        return list.build();
    }

    @Override
    public Duration echoInterval() {
        return Duration.ofSeconds(echoIntervalSeconds);
    }

    @Override
    public int echoMisses() {
        return echoMisses;
    }

    @Override
    public synchronized Optional<Instant> nextRound() {
        return timer == null ? Optional.empty() : Optional.ofNullable(nextRound);
    }

    @Override
    protected void process(PacketContext context) {
        InboundPacket in = context.inPacket();
        Optional<GtpuPacket> read = GtpuPacket.readPunted(in, t -> t == GtpuHeader.ECHO_RESPONSE, e -> {
            outcomes.count(Outcome.MALFORMED);
            log.debug("Echo Response from {} ignored: {}", in.receivedFrom(), e.getMessage());
        });
        if (read.isEmpty() || read.get().header().messageType() != GtpuHeader.ECHO_RESPONSE) {
            return;
        }
        if (SixflowDeviceConfig.validOf(configService, in.receivedFrom().deviceId()).isEmpty()) {
            outcomes.count(Outcome.NOT_SIXFLOW_DEVICE);
            return;
        }
        GtpuPacket packet = read.get();
        Outcome outcome = answered(new PathKey(in.receivedFrom().deviceId(), packet.destination(), packet.source()),
                                   packet.header().sequenceNumber().orElse(-1));
        outcomes.count(outcome);
        if (outcome == Outcome.ANSWERED) {
            context.block();
        }
    }

    private synchronized Outcome answered(PathKey key, int sequence) {
        PathState path = Optional.ofNullable(paths.get(key)).map(PathState::new).orElse(null);
        if (path == null || !path.outstanding || path.sequence != sequence) {
            log.debug("Echo Response {} from {} to {} at {} answers no outstanding request", sequence, key.peer,
                      key.n3, key.device);
            return Outcome.UNEXPECTED;
        }
        path.outstanding = false;
        path.missed = 0;
        path.responses++;
        path.lastResponse = clock.instant();
        if (path.state == GtpuPath.State.DOWN) {
            String detail = String.format("%s answers from %s at %s again", key.peer, key.n3, key.device);
            log.info("GTP-U path up: {}", detail);
            historyService.record(HistoryEvent.of(clock.instant(), PATH_UP, key.peer.toString(), detail));
        }
        path.state = GtpuPath.State.UP;
        paths.put(key, path);
        return Outcome.ANSWERED;
    }

    /** A path: the device, its N3 address, the peer. Ordered for stable listings. */
    static final class PathKey implements Comparable<PathKey> {
        final DeviceId device;
        final Ip6Address n3;
        final Ip6Address peer;

        PathKey(DeviceId device, Ip6Address n3, Ip6Address peer) {
            this.device = device;
            this.n3 = n3;
            this.peer = peer;
        }

        @Override
        public int compareTo(PathKey o) {
            int c = device.toString().compareTo(o.device.toString());
            if (c == 0) {
                c = n3.compareTo(o.n3);
            }
            return c != 0 ? c : peer.compareTo(o.peer);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof PathKey && compareTo((PathKey) o) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(device, n3, peer);
        }
    }

    /** A path in use that no round has visited yet. */
    private static final PathState NOT_YET_ECHOED = new PathState();

    /** What the echoes found of one path: a copy is changed and put back, never the one in the map. */
    static final class PathState {
        GtpuPath.State state = GtpuPath.State.UNKNOWN;
        boolean outstanding;
        int sequence;
        int nextSequence;
        long requestsSent;
        long responses;
        int missed;
        Instant lastRequest;
        Instant lastResponse;
        String notEchoed = AWAITING_ROUND;
        Instant nextRequest;

        PathState() {
        }

        PathState(PathState o) {
            state = o.state;
            outstanding = o.outstanding;
            sequence = o.sequence;
            nextSequence = o.nextSequence;
            requestsSent = o.requestsSent;
            responses = o.responses;
            missed = o.missed;
            lastRequest = o.lastRequest;
            lastResponse = o.lastResponse;
            notEchoed = o.notEchoed;
            nextRequest = o.nextRequest;
        }
    }
}
