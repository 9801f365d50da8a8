// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.echo;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.packet.PacketContext;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.features.gtpu.api.GtpuPath;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.impl.echo.GtpuPathSupervisor.Outcome;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.features.routing.api.RoutingListener;
import org.sixflow.app.features.routing.api.RoutingService;
import org.sixflow.app.impl.PuntResponderWiring;
import org.sixflow.app.packet.gtpu.GtpuFrames;
import org.sixflow.app.testing.ComponentContexts;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.PuntedPackets;
import org.sixflow.app.testing.SharedStorageService;
import org.sixflow.app.testing.TestGtpuTunnelService;
import org.sixflow.app.testing.TestHistoryService;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.packet.gtpu.GtpuFrames.S;
import static org.sixflow.app.packet.gtpu.GtpuFrames.V1;
import static org.sixflow.app.packet.gtpu.GtpuFrames.gtpu;
import static org.sixflow.app.packet.gtpu.GtpuFrames.hex;

/**
 * The supervisor's rounds on the lab's beijing (00:aa:00:00:00:01): tunnel ue-1 ends at N3 address
 * fd00:1:1::3:1 with peer fd00:1:5::50, routed out of port 3 to 00:00:00:00:05:50 (a /48 route, and
 * a shorter one out of port 1 that it must not take); Echo Responses punted back through its
 * packet processor.
 */
public class GtpuPathSupervisorTest {
    private static final ConnectPoint BEIJING_3 = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final DeviceId BEIJING = BEIJING_3.deviceId();
    private static final String BEIJING_MAC = "00:aa:00:00:00:01";
    private static final String PEER_MAC = "00:00:00:00:05:50";
    private static final String PEER = "fd00:1:5::50";
    private static final String N3 = "fd00:1:1::3:1";
    private static final Instant NOW = Instant.parse("2026-12-05T12:00:00Z");

    private final PuntedPackets packets = new PuntedPackets();
    private final GtpuPathSupervisor supervisor = new GtpuPathSupervisor();
    private final TestGtpuTunnelService tunnels = new TestGtpuTunnelService();
    private final TestHistoryService history = new TestHistoryService();
    private final Routes routes = new Routes();
    private final Set<DeviceId> mastered = new HashSet<>(Set.of(BEIJING));
    private final SharedStorageService storage = new SharedStorageService();
    /** Another ONOS instance of the cluster: it masters what this one does not. */
    private final PuntedPackets otherPackets = new PuntedPackets();
    private final GtpuPathSupervisor other = new GtpuPathSupervisor();

    /** The routes routing has installed. */
    private static final class Routes implements RoutingService {
        final List<Ipv6Route> routes = new ArrayList<>();

        @Override
        public List<Ipv6Route> routes() {
            return routes;
        }

        @Override
        public List<Ipv6Route> routes(DeviceId deviceId) {
            return routes.stream().filter(r -> r.deviceId().equals(deviceId)).collect(Collectors.toList());
        }

        @Override
        public void addListener(RoutingListener listener) {
        }

        @Override
        public void removeListener(RoutingListener listener) {
        }
    }

    @Before
    public void setUp() {
        tunnels.tunnels.add(tunnel("ue-1", 1));
        tunnels.tunnels.add(tunnel("ue-1b", 2));   // the same path
        routes.routes.add(Ipv6Route.of(BEIJING, Ip6Prefix.valueOf("fd00:1:5::/48"), Ipv6Route.Kind.SUBNET,
                                       PortNumber.portNumber(3), MacAddress.valueOf(BEIJING_MAC),
                                       MacAddress.valueOf(PEER_MAC)).withState(Ipv6Route.State.INSTALLED));
        routes.routes.add(Ipv6Route.of(BEIJING, Ip6Prefix.valueOf("fd00::/16"), Ipv6Route.Kind.AGGREGATE,
                                       PortNumber.portNumber(1), MacAddress.valueOf(BEIJING_MAC),
                                       MacAddress.valueOf("00:aa:00:00:00:02")).withState(Ipv6Route.State.INSTALLED));
        wire(supervisor, packets, mastered::contains);
        wire(other, otherPackets, device -> !mastered.contains(device));
    }

    private void wire(GtpuPathSupervisor instance, PuntedPackets packetService, Predicate<DeviceId> masters) {
        PuntResponderWiring.packetService(instance, packetService);
        instance.configService = new LabNetwork().netcfg;
        instance.tunnelService = tunnels;
        instance.routingService = routes;
        instance.historyService = history;
        instance.mastershipService = new MastershipServiceAdapter() {
            @Override
            public boolean isLocalMaster(DeviceId deviceId) {
                return masters.test(deviceId);
            }
        };
        instance.componentConfigService = new ComponentConfigAdapter();
        instance.storageService = storage;
        instance.setClock(Clock.fixed(NOW, ZoneOffset.UTC));
        instance.activate(null);
    }

    @After
    public void tearDown() {
        supervisor.deactivate();
        other.deactivate();
    }

    /** A tunnel of beijing's N3 address to the peer. */
    private static GtpuTunnel tunnel(String id, long uplinkTeid) {
        return GtpuTunnel.builder().id(id).uePrefixes(List.of(Ip6Prefix.valueOf("fd00:9:1::/64")))
                .n3Address(Ip6Address.valueOf(N3)).peerAddress(Ip6Address.valueOf(PEER)).downlinkTeid(0x101)
                .uplinkTeid(uplinkTeid).decapDevice(BEIJING).counterIndex((int) uplinkTeid).build();
    }

    /** The Echo Request with a sequence number, from beijing's N3 address to the peer, out of port 3. */
    private static byte[] request(int sequence) {
        return GtpuFrames.udpFrame(PEER_MAC, BEIJING_MAC, N3, PEER, 2152, 2152,
                                   gtpu(V1 | S, 1, 0, hex(String.format("%04x 0000", sequence))));
    }

    /** The peer's answer to it, punted at beijing/3. */
    private PacketContext respond(int sequence) {
        return packets.receive(BEIJING_3, GtpuFrames.udpFrame(BEIJING_MAC, PEER_MAC, PEER, N3, 2152, 2152,
                                                              gtpu(V1 | S, 2, 0, hex(String.format(
                                                                      "%04x 0000 0e00", sequence)))));
    }

    private GtpuPath path() {
        assertEquals(1, supervisor.paths().size());
        return supervisor.paths().get(0);
    }

    @Test
    public void eachRoundEchoesThePathOnceAlongTheLongestInstalledRoute() {
        supervisor.tick();
        // Hop limit 64 where GtpuFrames writes 63 (what peers send); the UDP checksum does not cover it.
        byte[] expected = request(0);
        expected[14 + 7] = 64;
        assertArrayEquals(expected, packets.sentOn(BEIJING_3));
        assertEquals(GtpuPath.builder(BEIJING, Ip6Address.valueOf(N3), Ip6Address.valueOf(PEER))
                             .requestsSent(1).lastRequest(NOW).nextRequest(NOW.plusSeconds(60)).build(), path());
    }

    @Test
    public void aNewIntervalMovesTheNextRequestOfTheMastersPathsOnly() {
        supervisor.tick();
        Instant later = NOW.plusSeconds(10);
        supervisor.setClock(Clock.fixed(later, ZoneOffset.UTC));
        other.setClock(Clock.fixed(later, ZoneOffset.UTC));
        other.modified(ComponentContexts.of(OsgiPropertyConstants.ECHO_INTERVAL, 90));
        assertEquals("not its device: left as its master wrote it", Optional.of(NOW.plusSeconds(60)),
                     other.paths().get(0).nextRequest());
        supervisor.modified(ComponentContexts.of(OsgiPropertyConstants.ECHO_INTERVAL, 90));
        assertEquals(Optional.of(later.plusSeconds(90)), supervisor.nextRound());
        assertEquals(Optional.of(later.plusSeconds(90)), path().nextRequest());
        assertEquals("every instance says the master's", path(), other.paths().get(0));
    }

    @Test
    public void aPathComesIntoViewWithItsTunnelBeforeItsFirstRound() {
        assertEquals(GtpuPath.builder(BEIJING, Ip6Address.valueOf(N3), Ip6Address.valueOf(PEER))
                             .notEchoed(GtpuPathSupervisor.AWAITING_ROUND).build(), path());
        assertEquals(List.of(), packets.emitted);
        assertEquals(java.time.Duration.ofSeconds(60), supervisor.echoInterval());
        assertEquals(3, supervisor.echoMisses());
        assertEquals("the first round, an interval after activation", Optional.of(NOW.plusSeconds(60)),
                     supervisor.nextRound());
    }

    @Test
    public void anAnswerMakesThePathUpAndMissesMakeItDown() {
        supervisor.tick();
        PacketContext answer = respond(0);
        assertTrue("answered: nobody else takes it", answer.isHandled());
        assertEquals(GtpuPath.State.UP, path().state());
        assertEquals(Optional.of(NOW), path().lastResponse());
        // Three rounds unanswered (the default echoMisses): DOWN, once, recorded.
        supervisor.tick();
        supervisor.tick();
        supervisor.tick();
        assertEquals(GtpuPath.State.UP, path().state());
        supervisor.tick();
        assertEquals(GtpuPath.State.DOWN, path().state());
        assertEquals(3, path().missed());
        supervisor.tick();
        assertEquals(List.of(GtpuPathSupervisor.PATH_DOWN),
                     history.recorded().stream().map(HistoryEvent::kind).collect(Collectors.toList()));
        assertEquals(PEER, history.recorded().get(0).subject());
        // The last request's answer brings it back.
        respond(5);
        assertEquals(GtpuPath.State.UP, path().state());
        assertEquals(0, path().missed());
        assertEquals(List.of(GtpuPathSupervisor.PATH_DOWN, GtpuPathSupervisor.PATH_UP),
                     history.recorded().stream().map(HistoryEvent::kind).collect(Collectors.toList()));
        assertEquals(6, path().requestsSent());
        assertEquals(2, path().responses());
    }

    @Test
    public void answersToNoOutstandingRequestAreNotTaken() {
        respond(0);                                 // before any request
        supervisor.tick();
        PacketContext stale = respond(7);           // another sequence number
        respond(0);
        PacketContext repeated = respond(0);        // answered already
        assertFalse(stale.isHandled());
        assertFalse(repeated.isHandled());
        assertEquals(3, (long) supervisor.outcomes().get(Outcome.UNEXPECTED));
        assertEquals(1, (long) supervisor.outcomes().get(Outcome.ANSWERED));
    }

    @Test
    public void noRouteNoMastershipOrNoTunnelNoEcho() {
        List<Ipv6Route> installed = new ArrayList<>(routes.routes);
        routes.routes.clear();
        supervisor.tick();
        supervisor.tick();
        supervisor.tick();
        supervisor.tick();
        assertEquals(List.of(), packets.emitted);
        assertEquals("not echoed is not missed", GtpuPath.State.UNKNOWN, path().state());
        assertEquals(0, path().missed());
        assertEquals(Optional.of("no installed route from device:beijing to " + PEER), path().notEchoed());
        mastered.clear();
        routes.routes.addAll(installed);
        supervisor.tick();
        assertEquals("another instance's device: not echoed here", List.of(), packets.emitted);
        mastered.add(BEIJING);
        tunnels.tunnels.clear();
        supervisor.tick();
        assertEquals(List.of(), supervisor.paths());
        assertEquals(List.of(), packets.emitted);
    }

    @Test
    public void aRouteBeingConfirmedAgainServesOnlyAPathThePeerAnswered() {
        List<Ipv6Route> installed = new ArrayList<>(routes.routes);
        routes.routes.replaceAll(r -> r.withState(Ipv6Route.State.REQUESTED));
        supervisor.tick();
        assertEquals("never answered: waits for an installed route", List.of(), packets.emitted);
        assertEquals(Optional.of("no installed route from device:beijing to " + PEER), path().notEchoed());
        routes.routes.clear();
        routes.routes.addAll(installed);
        supervisor.tick();
        respond(0);
        assertEquals(GtpuPath.State.UP, path().state());
        packets.emitted.clear();
        // As on a new master, which confirms its devices' entries again (a cluster run saw 6 s
        // of REQUESTED routes after a failover, and no request in them): still echoed.
        routes.routes.replaceAll(r -> r.withState(Ipv6Route.State.REQUESTED));
        supervisor.tick();
        byte[] expected = request(1);
        expected[14 + 7] = 64;
        assertArrayEquals(expected, packets.sentOn(BEIJING_3));
        assertEquals(Optional.empty(), path().notEchoed());
        assertEquals(2, path().requestsSent());
        // A route the device refused never serves; the unanswered request is missed.
        packets.emitted.clear();
        routes.routes.replaceAll(r -> r.withState(Ipv6Route.State.FAILED));
        supervisor.tick();
        assertEquals(List.of(), packets.emitted);
        assertEquals(Optional.of("no installed route from device:beijing to " + PEER), path().notEchoed());
        assertEquals(1, path().missed());
    }

    @Test
    public void everyInstanceListsWhatTheMasterFoundAndANewMasterGoesOnFromIt() {
        supervisor.tick();
        respond(0);
        other.tick();
        assertEquals("not its device", List.of(), otherPackets.emitted);
        assertEquals(supervisor.paths(), other.paths());
        assertEquals(GtpuPath.State.UP, other.paths().get(0).state());
        assertEquals(1, other.paths().get(0).responses());
        // beijing's mastership moves: the new master goes on with the next sequence number and the counts.
        mastered.clear();
        other.tick();
        supervisor.tick();
        assertEquals(List.of(), packets.emitted.subList(1, packets.emitted.size()));
        byte[] expected = request(1);
        expected[14 + 7] = 64;
        assertArrayEquals(expected, otherPackets.sentOn(BEIJING_3));
        GtpuPath moved = supervisor.paths().get(0);
        assertEquals(2, moved.requestsSent());
        assertEquals(1, moved.responses());
        assertEquals(GtpuPath.State.UP, moved.state());
        assertEquals("the new master's plan", Optional.of(NOW.plusSeconds(60)), moved.nextRequest());
    }

    @Test
    public void aPathStateCrossesTheClusterThroughItsSerializer() {
        GtpuPathSupervisor.PathState state = new GtpuPathSupervisor.PathState();
        state.state = GtpuPath.State.DOWN;
        state.outstanding = true;
        state.sequence = 7;
        state.requestsSent = 9;
        state.missed = 3;
        state.lastRequest = NOW;
        state.notEchoed = null;
        state.nextRequest = NOW.plusSeconds(60);
        GtpuPathSupervisor.PathState copy = GtpuPathSupervisor.PATH_STATES.deserialize(
                GtpuPathSupervisor.PATH_STATES.serialize(state));
        assertEquals(GtpuPath.State.DOWN, copy.state);
        assertEquals(7, copy.sequence);
        assertEquals(9, copy.requestsSent);
        assertEquals(NOW, copy.lastRequest);
        assertEquals(null, copy.notEchoed);
        assertEquals(null, copy.lastResponse);
        assertEquals(NOW.plusSeconds(60), copy.nextRequest);
        GtpuPathSupervisor.PathKey key = new GtpuPathSupervisor.PathKey(BEIJING, Ip6Address.valueOf(N3),
                                                                        Ip6Address.valueOf(PEER));
        assertEquals(key, GtpuPathSupervisor.PATH_STATES.deserialize(GtpuPathSupervisor.PATH_STATES.serialize(key)));
    }
}
