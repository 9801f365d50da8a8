// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.features.multihoming.api.FailoverResult;
import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyStore;
import org.sixflow.app.features.multihoming.api.PlannedTrial;
import org.sixflow.app.features.multihoming.api.StudyFailover;
import org.sixflow.app.features.multihoming.api.StudyProtocol;
import org.sixflow.app.features.multihoming.api.TrialCell;
import org.sixflow.app.features.multihoming.api.UplinkCount;
import org.slf4j.Logger;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Runs one study run: for each protocol, installs what it needs (the ILNP endpoints started too),
 * takes its trials in plan order (ILNP's sharing levels set in turn), records the routes to the
 * site, runs the failover, and removes what it installed whatever happened. A trial that fails
 * is a cell with its reason and the run goes on; a protocol that cannot be installed fails the
 * run. A cancel request is honoured between trials.
 */
final class StudyRunner {

    /** What the runner ended with. */
    static final class Ending {
        final boolean cancelled;
        final String failure;

        private Ending(boolean cancelled, String failure) {
            this.cancelled = cancelled;
            this.failure = failure;
        }
    }

    /** Longest wait for a protocol's objects or weights to be installed. */
    static final Duration INSTALL_TIMEOUT = Duration.ofSeconds(60);
    /** Longest wait for the network to carry the site's traffic again after a failover. */
    static final Duration RECOVERY_TIMEOUT = Duration.ofSeconds(40);
    /** Longest wait for the routing state to come back after a failover. */
    static final Duration ROUTING_TIMEOUT = Duration.ofSeconds(60);
    /**
     * Longest wait, before a trial and after it, for ONOS's view of the routing to catch up with
     * the switches (no route REQUESTED), and after it also to read as before: ONOS confirms what
     * it wrote only when it next reads a switch's entries, and a switch that traffic saturated
     * answers late, so routes a switch holds can read as not INSTALLED for a while though nothing
     * in the network changed (seen on the lab: 5 on a switch, then 1, right after a trial; 1 then
     * 5, before one). A change that lasts is recorded once this has passed.
     */
    static final Duration TRIAL_ROUTING_TIMEOUT = Duration.ofSeconds(20);
    /**
     * How long the routing state must hold still before a protocol's first trial: a link that came
     * back just before the run (or the protocol just installed) still moves routes for a few
     * seconds, and a trial measured then sees them come and go.
     */
    static final Duration ROUTING_STEADY = Duration.ofSeconds(5);
    /** Pause between trials: queues drain, the previous iperf3 server is gone. */
    static final Duration SETTLE = Duration.ofMillis(500);

    private final Logger log = getLogger(getClass());
    private final MultihomingStudyStore store;
    private final StudyNetwork network;
    private final HostTraffic traffic;
    private final Clock clock;
    /** How long to wait for the routing state after a failover ({@link #ROUTING_TIMEOUT}; tests shorten it). */
    Duration routingTimeout = ROUTING_TIMEOUT;
    /** How long to wait for the routing state around a trial ({@link #TRIAL_ROUTING_TIMEOUT}; tests shorten). */
    Duration trialRoutingTimeout = TRIAL_ROUTING_TIMEOUT;
    /** How long the routing state must hold still before the first trial ({@link #ROUTING_STEADY}; tests shorten it). */
    Duration routingSteady = ROUTING_STEADY;
    /** How often the routing state is read while waiting for it (tests shorten it). */
    Duration routingPoll = Duration.ofSeconds(1);

    StudyRunner(MultihomingStudyStore store, StudyNetwork network, HostTraffic traffic, Clock clock) {
        this.store = store;
        this.network = network;
        this.traffic = traffic;
        this.clock = clock;
    }

    /**
     * Runs the study's plan.
     *
     * @param study the study
     * @param runId the run
     * @return how it ended
     * @throws InterruptedException if interrupted (what was installed is removed first)
     */
    Ending run(MultihomingStudy study, long runId) throws InterruptedException {
        List<PlannedTrial> plan = study.plan();
        for (StudyProtocol protocol : study.protocols()) {
            if (store.cancelRequested(runId)) {
                return new Ending(true, null); // before installing what the next protocol needs
            }
            List<PlannedTrial> trials = plan.stream().filter(t -> t.protocol() == protocol.protocol())
                    .collect(Collectors.toList());
            List<CommandRunner.Running> endpoints = new ArrayList<>();
            try {
                network.install(study, protocol, INSTALL_TIMEOUT);
                if (protocol.protocol() == MultihomingProtocol.ILNP) {
                    endpoints.add(traffic.endpoint(study.correspondentHost()));
                    endpoints.add(traffic.endpoint(study.siteHost()));
                }
                awaitSteadyRouting();
                String seenAs = null;
                List<Integer> sharing = null;
                for (PlannedTrial trial : trials) {
                    if (store.cancelRequested(runId)) {
                        return new Ending(true, null);
                    }
                    if (!trial.sharing().equals(sharing)) {
                        sharing = trial.sharing();
                        if (!sharing.isEmpty()) {
                            network.share(protocol, sharing, INSTALL_TIMEOUT);
                        }
                    }
                    Trial done = trial(study, protocol, trial);
                    store.addCell(runId, done.cell);
                    if (seenAs == null) {
                        seenAs = done.seenAs;
                    }
                    Thread.sleep(SETTLE.toMillis());
                }
                recordRoutes(study, protocol, runId, seenAs);
                if (study.failover().isPresent() && !store.cancelRequested(runId)) {
                    if (protocol.protocol() == MultihomingProtocol.ILNP && !study.sharing().isEmpty()) {
                        network.share(protocol, study.sharing().get(0), INSTALL_TIMEOUT);
                    }
                    RoutingState before = RoutingState.of(network);
                    for (StudyFailover failover : failovers(study)) {
                        store.addFailover(runId, failover(study, protocol, failover));
                        // The next trials' routing state is judged against this one: ONOS first
                        // rediscovers the link and reinstalls the routes it lost.
                        awaitRouting(before, routingTimeout);
                    }
                }
            } catch (StudyFailure | IOException e) {
                return new Ending(false, protocol.protocol() + ": " + e.getMessage());
            } finally {
                endpoints.forEach(CommandRunner.Running::stop);
                network.uninstall(protocol);
            }
        }
        return new Ending(false, null);
    }

    /** A trial's cell and the address the correspondent saw the site host by. */
    private static final class Trial {
        final TrialCell cell;
        final String seenAs;

        Trial(TrialCell cell, String seenAs) {
            this.cell = cell;
            this.seenAs = seenAs;
        }
    }

    private Trial trial(MultihomingStudy study, StudyProtocol protocol, PlannedTrial trial)
            throws StudyFailure, InterruptedException {
        RoutingState routingBefore = awaitConfirmedRouting();
        Map<ConnectPoint, long[]> countersBefore = network.uplinkCounters(protocol, uplinks(study));
        Instant started = clock.instant();
        TrialCell.Builder cell = TrialCell.builder(trial, started);
        String seenAs = null;
        try {
            HostTraffic.Outcome outcome = traffic.trial(study.siteHost(), study.correspondentHost(),
                                                        protocol.destination(), trial, study.trialSeconds(),
                                                        study.streams());
            Iperf3Report r = outcome.iperf;
            cell.sent(r.sentMbps, r.packetsSent, r.bytesSent).received(r.goodputMbps, r.packetsLost, r.bytesReceived)
                    .jitterMs(r.jitterMs).reordered(r.reordered).retransmits(r.retransmits).rtt(outcome.ping);
            seenAs = r.remoteHost;
        } catch (IOException | IllegalArgumentException e) {
            log.warn("Study {} trial {} failed: {}", study.id(), trial, e.getMessage());
            cell.error(e.getMessage());
        }
        Instant ended = clock.instant();
        cell.uplinks(uplinks(countersBefore, network.uplinkCounters(protocol, uplinks(study))))
                .switchLatency(network.switchLatency(started, ended));
        RoutingState routingAfter = awaitRouting(routingBefore, trialRoutingTimeout);
        cell.routes(routingBefore.routes(), routingAfter.routes())
                .entries(routingBefore.entries(), routingAfter.entries());
        return new Trial(cell.build(), seenAs);
    }

    static List<UplinkCount> uplinks(Map<ConnectPoint, long[]> before, Map<ConnectPoint, long[]> after) {
        List<UplinkCount> counts = new ArrayList<>();
        long outTotal = 0;
        for (Map.Entry<ConnectPoint, long[]> e : after.entrySet()) {
            long[] b = before.get(e.getKey());
            if (b != null) {
                outTotal += Math.max(0, e.getValue()[0] - b[0]);
            }
        }
        for (Map.Entry<ConnectPoint, long[]> e : after.entrySet()) {
            long[] b = before.get(e.getKey());
            if (b == null) {
                continue;
            }
            long out = Math.max(0, e.getValue()[0] - b[0]);
            long in = Math.max(0, e.getValue()[1] - b[1]);
            counts.add(new UplinkCount(e.getKey(), out, in, outTotal == 0 ? 0 : (double) out / outTotal));
        }
        counts.sort((a, b) -> a.uplink().toString().compareTo(b.uplink().toString()));
        return counts;
    }

    private void recordRoutes(MultihomingStudy study, StudyProtocol protocol, long runId, String seenAs) {
        if (protocol.protocol() == MultihomingProtocol.ILNP) {
            // The correspondent knows the site host by a provider locator: each uplink's.
            IlnpSite site = protocol.site().orElseThrow();
            for (IlnpUplink uplink : site.uplinks()) {
                store.addSiteRoutes(runId, network.siteRoutes(protocol.protocol(), uplink.locator().toString(),
                                                              site.device()));
            }
            return;
        }
        if (seenAs == null) {
            return;
        }
        DeviceId siteDevice = siteDevice(study);
        if (siteDevice != null) {
            store.addSiteRoutes(runId, network.siteRoutes(protocol.protocol(), seenAs, siteDevice));
        }
    }

    /**
     * The failovers a protocol gets: the study's uplink first, then each other uplink of the site
     * (its ILNP uplinks and NPTv6 mappings'): which one carries a protocol's pings is the
     * routing's or the weights' choice, so each is failed in turn and the one whose failure
     * interrupted the pings shows the repair.
     *
     * @param study the study
     * @return the failovers, one per uplink
     */
    static List<StudyFailover> failovers(MultihomingStudy study) {
        StudyFailover first = study.failover().orElseThrow();
        List<StudyFailover> failovers = new ArrayList<>();
        uplinks(study).forEach(u -> failovers.add(StudyFailover.of(u, first.afterSeconds(), first.seconds())));
        return failovers;
    }

    /**
     * The site's uplinks: the study's failover uplink first, then its ILNP site's and NPTv6
     * mappings' (a plain IPv6 trial leaves by one of them too: which one is the routing's choice).
     *
     * @param study the study
     * @return the uplinks, without repeats
     */
    static Set<ConnectPoint> uplinks(MultihomingStudy study) {
        Set<ConnectPoint> uplinks = new LinkedHashSet<>();
        study.failover().ifPresent(f -> uplinks.add(f.uplink()));
        for (StudyProtocol p : study.protocols()) {
            p.site().ifPresent(site -> site.uplinks()
                    .forEach(u -> uplinks.add(new ConnectPoint(site.device(), u.port()))));
            p.mappings().forEach(m -> uplinks.add(m.uplink()));
        }
        return uplinks;
    }

    /**
     * Waits until the routes and each switch's installed routes have held still for
     * {@link #routingSteady}, at most {@link #routingTimeout}; then the trials go on, and their
     * cells show any change (routes and entries before and after each).
     */
    private void awaitSteadyRouting() throws InterruptedException {
        if (routingSteady.isZero()) {
            return;
        }
        long deadline = System.nanoTime() + routingTimeout.toNanos();
        RoutingState state = RoutingState.of(network);
        long still = System.nanoTime();
        while (System.nanoTime() - still < routingSteady.toNanos()) {
            if (System.nanoTime() - deadline >= 0) {
                log.warn("The routing state did not hold still for {} s within {} s: now {}",
                         routingSteady.toSeconds(), routingTimeout.toSeconds(), state);
                return;
            }
            Thread.sleep(routingPoll.toMillis());
            RoutingState now = RoutingState.of(network);
            if (!now.equals(state)) {
                state = now;
                still = System.nanoTime();
            }
        }
    }

    /**
     * Waits until ONOS has seen every route it wrote on its switch, at most
     * {@link #trialRoutingTimeout}: a trial's state before it.
     *
     * @return the state last read
     */
    private RoutingState awaitConfirmedRouting() throws InterruptedException {
        return awaitRoutingState(RoutingState::confirmed, trialRoutingTimeout,
                                 "ONOS to confirm every route");
    }

    /**
     * Waits until ONOS's routes and every switch's installed routes are as they were before (a
     * trial, a failover), every route confirmed, at most {@code timeout}.
     *
     * @return the state last read: the one before, or what it was when the wait ran out
     */
    private RoutingState awaitRouting(RoutingState before, Duration timeout) throws InterruptedException {
        return awaitRoutingState(now -> now.equals(before) && now.confirmed(), timeout,
                                 "the routing state to come back to " + before);
    }

    /**
     * Reads the routing state every {@link #routingPoll} until it is what a wait needs, at most
     * {@code timeout}; says in the log when the wait ran out.
     *
     * @return the state last read
     */
    private RoutingState awaitRoutingState(Predicate<RoutingState> done, Duration timeout, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        RoutingState now = RoutingState.of(network);
        while (!done.test(now)) {
            if (System.nanoTime() - deadline >= 0) {
                log.warn("Waited {} s for {}: now {}", timeout.toSeconds(), what, now);
                return now;
            }
            Thread.sleep(routingPoll.toMillis());
            now = RoutingState.of(network);
        }
        return now;
    }

    /** The border router: the ILNP site's device, else the first NPTv6 mapping's. */
    static DeviceId siteDevice(MultihomingStudy study) {
        for (StudyProtocol p : study.protocols()) {
            if (p.site().isPresent()) {
                return p.site().get().device();
            }
            if (!p.mappings().isEmpty()) {
                return p.mappings().get(0).uplink().deviceId();
            }
        }
        return study.failover().map(f -> f.uplink().deviceId()).orElse(null);
    }

    private FailoverResult failover(MultihomingStudy study, StudyProtocol protocol, StudyFailover failover)
            throws StudyFailure, IOException, InterruptedException {
        HostTraffic.Probes probes = traffic.failover(study.siteHost(), protocol.destination(), failover);
        FailoverResult result = FailoverAnalysis.of(protocol.protocol(), failover, probes);
        // The link is back: wait until the site's traffic flows again before the next protocol.
        Instant deadline = clock.instant().plus(RECOVERY_TIMEOUT);
        while (!traffic.reaches(study.siteHost(), protocol.destination())) {
            if (clock.instant().isAfter(deadline)) {
                throw new StudyFailure("the site did not reach " + protocol.destination() + " within "
                                               + RECOVERY_TIMEOUT.toSeconds() + " s of " + failover.uplink()
                                               + " coming back");
            }
            Thread.sleep(1000);
        }
        return result;
    }
}
