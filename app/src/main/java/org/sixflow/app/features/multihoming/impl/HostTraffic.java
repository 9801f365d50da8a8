// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.onlab.packet.Ip6Address;
import org.sixflow.app.features.multihoming.api.PingSummary;
import org.sixflow.app.features.multihoming.api.PlannedTrial;
import org.sixflow.app.features.multihoming.api.StudyFailover;
import org.sixflow.app.features.multihoming.api.StudyFrames;
import org.sixflow.app.features.multihoming.api.StudyTransport;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The traffic of trials, between the site host and the correspondent: an iperf3 server on the
 * correspondent, its client on the site host (UDP at the cell's rate with datagrams that make
 * frames of the cell's size, or TCP with such an MSS), and ping beside it for the round trips; and
 * the failover's pings every {@link StudyFailover#PROBE_INTERVAL_MS} ms.
 */
final class HostTraffic {

    /** Between pings beside a trial's iperf3. */
    static final double PING_INTERVAL_S = 0.05;
    /**
     * First iperf3 port; a trial takes the next of {@link #PORTS} so that a lingering server is no
     * obstacle (a retry the next of the {@link #PORTS} after those).
     */
    static final int FIRST_PORT = 15201;
    static final int PORTS = 200;
    /**
     * The UDP receiver's socket buffer (iperf3 -w, which the client passes to the server): with
     * Linux's default of 208 KiB, a burst the lab's hosts deliver while iperf3 waits for a CPU
     * overflows it, a loss of the receiving host (Udp6RcvbufErrors) rather than of the network
     * the cell measures. The kernel caps it at net.core.rmem_max.
     */
    static final String UDP_RECEIVE_BUFFER = "4M";
    private static final Duration SERVER_START = Duration.ofMillis(400);
    private static final Duration GRACE = Duration.ofSeconds(20);
    private static final Duration RETRY_PAUSE = Duration.ofSeconds(2);

    /** What a trial's traffic measured. */
    static final class Outcome {
        final Iperf3Report iperf;
        final PingSummary ping;

        Outcome(Iperf3Report iperf, PingSummary ping) {
            this.iperf = iperf;
            this.ping = ping;
        }
    }

    /** What a failover's pings saw. */
    static final class Probes {
        final int sent;
        final List<Integer> answered;
        /** When each answered echo's reply came (ping -D), epoch seconds; empty when not printed. */
        final Map<Integer, Double> times;

        Probes(int sent, List<Integer> answered) {
            this(sent, answered, Map.of());
        }

        Probes(int sent, List<Integer> answered, Map<Integer, Double> times) {
            this.sent = sent;
            this.answered = List.copyOf(answered);
            this.times = Map.copyOf(times);
        }
    }

    private final CommandRunner runner;
    private final StudyCommands commands;

    HostTraffic(CommandRunner runner, StudyCommands commands) {
        this.runner = runner;
        this.commands = commands;
    }

    /**
     * Runs one trial's traffic.
     *
     * @param site          the site host
     * @param correspondent the correspondent host
     * @param destination   where the site host sends
     * @param trial         the trial
     * @param seconds       how long
     * @param streams       parallel flows (iperf3 -P)
     * @return what it measured
     * @throws StudyFailure             if a host has no command configured
     * @throws IOException              if a command could not run or did not end
     * @throws IllegalArgumentException if a command's output says it failed
     * @throws InterruptedException     if interrupted
     */
    Outcome trial(String site, String correspondent, Ip6Address destination, PlannedTrial trial, int seconds,
                  int streams) throws StudyFailure, IOException, InterruptedException {
        try {
            return attempt(site, correspondent, destination, trial, seconds, streams, 0);
        } catch (IllegalArgumentException e) {
            // After a trial that saturated the lab the server may not listen yet when the client
            // comes: once more, on the next port, after a pause.
            if (!String.valueOf(e.getMessage()).matches("(?s).*(Connection refused|unable to connect).*")) {
                throw e;
            }
            Thread.sleep(RETRY_PAUSE.toMillis());
            return attempt(site, correspondent, destination, trial, seconds, streams, PORTS);
        }
    }

    private Outcome attempt(String site, String correspondent, Ip6Address destination, PlannedTrial trial,
                            int seconds, int streams, int portOffset)
            throws StudyFailure, IOException, InterruptedException {
        String port = String.valueOf(FIRST_PORT + portOffset + trial.index() % PORTS);
        String dst = destination.toString();
        CommandRunner.Running server = runner.start(commands.inHost(correspondent, "iperf3", "-s", "-1", "-J",
                                                                      "-p", port, "-B", dst));
        CommandRunner.Running ping = null;
        try {
            Thread.sleep(SERVER_START.toMillis());
            List<String> client = new ArrayList<>(commands.inHost(site, "iperf3", "-6", "-c", dst, "-p", port, "-t",
                                                                  String.valueOf(seconds), "-J",
                                                                  "--connect-timeout", "3000"));
            boolean udp = trial.transport() == StudyTransport.UDP;
            if (streams > 1) {
                client.addAll(List.of("-P", String.valueOf(streams)));
            }
            if (udp) {
                // iperf3's -b is per stream: the cell's rate is shared among them.
                client.addAll(List.of("-u", "-b", String.valueOf(Math.round(trial.loadMbps().orElseThrow() * 1e6
                                                                            / streams)),
                                      "-l", String.valueOf(StudyFrames.udpPayload(trial.frameSize(),
                                                                                   trial.protocol())),
                                      "-w", UDP_RECEIVE_BUFFER));
            } else {
                client.addAll(List.of("-M", String.valueOf(StudyFrames.tcpMss(trial.frameSize(), trial.protocol()))));
            }
            int pings = (int) Math.max(1, Math.round(seconds / PING_INTERVAL_S));
            ping = runner.start(commands.inHost(
                    site, "ping", "-6", "-n", "-q", "-i", String.format(Locale.ROOT, "%.3f", PING_INTERVAL_S),
                    "-c", String.valueOf(pings), "-W", "1", dst));
            CommandRunner.Finished sent = runner.run(client, Duration.ofSeconds(seconds).plus(GRACE));
            // A client that failed (it could not connect, say) leaves the server waiting for a test
            // that never comes: the client's error is the cell's, not the server's timeout.
            Iperf3Report.checkClient(sent.stdout);
            CommandRunner.Finished received = server.await(GRACE);
            CommandRunner.Finished pinged = ping.await(GRACE);
            Iperf3Report report = Iperf3Report.parse(sent.stdout, received.stdout, udp);
            PingSummary rtt;
            try {
                rtt = PingReport.summary(pinged.stdout);
            } catch (IllegalArgumentException e) {
                rtt = null; // iperf3's figures stand; the cell shows no RTT
            }
            return new Outcome(report, rtt);
        } finally {
            if (server.alive()) {
                server.stop();
            }
            if (ping != null && ping.alive()) {
                ping.stop();
            }
        }
    }

    /**
     * Pings every {@link StudyFailover#PROBE_INTERVAL_MS} ms while the failover's uplink goes down
     * {@code afterSeconds} in; brings it back up at the end.
     *
     * @param site        the site host
     * @param destination the correspondent's address
     * @param failover    the failover
     * @return the pings sent and the sequence numbers answered
     * @throws StudyFailure         if a command is not configured
     * @throws IOException          if a command could not run, or the link command failed
     * @throws InterruptedException if interrupted
     */
    Probes failover(String site, Ip6Address destination, StudyFailover failover)
            throws StudyFailure, IOException, InterruptedException {
        double interval = StudyFailover.PROBE_INTERVAL_MS / 1000.0;
        int count = (int) Math.round(failover.seconds() / interval);
        CommandRunner.Running ping = runner.start(commands.inHost(
                site, "ping", "-6", "-n", "-D", "-i", String.format(Locale.ROOT, "%.3f", interval), "-c",
                String.valueOf(count), "-W", "1", destination.toString()));
        boolean down = false;
        try {
            Thread.sleep(Math.round(failover.afterSeconds() * 1000));
            link(failover, false);
            down = true;
            CommandRunner.Finished pinged = ping.await(Duration.ofMillis(Math.round(failover.seconds() * 1000))
                                                               .plus(GRACE));
            return new Probes(count, PingReport.answered(pinged.stdout), PingReport.replyTimes(pinged.stdout));
        } finally {
            if (ping.alive()) {
                ping.stop();
            }
            if (down) {
                link(failover, true);
            }
        }
    }

    /**
     * Whether the site host reaches the destination now (three pings, one answered is enough).
     *
     * @param site        the site host
     * @param destination the address
     * @return whether one was answered
     * @throws StudyFailure         if the host has no command
     * @throws IOException          if ping could not run
     * @throws InterruptedException if interrupted
     */
    boolean reaches(String site, Ip6Address destination) throws StudyFailure, IOException, InterruptedException {
        CommandRunner.Finished done = runner.run(commands.inHost(site, "ping", "-6", "-n", "-c", "3", "-i", "0.2",
                                                                 "-W", "1", destination.toString()),
                                                 Duration.ofSeconds(10));
        return done.exitCode == 0;
    }

    private void link(StudyFailover failover, boolean up) throws StudyFailure, IOException, InterruptedException {
        CommandRunner.Finished done = runner.run(commands.link(failover.uplink(), up), Duration.ofSeconds(30));
        if (done.exitCode != 0) {
            throw new IOException("taking " + failover.uplink() + (up ? " up" : " down") + " failed (exit "
                                          + done.exitCode + "): " + Excerpt.of(done.stderr + done.stdout));
        }
    }

    /**
     * Starts a host's ILNP endpoint.
     *
     * @param host the host
     * @return the running endpoint
     * @throws StudyFailure if none is configured, or it ended at once
     * @throws IOException  if it could not start
     * @throws InterruptedException if interrupted
     */
    CommandRunner.Running endpoint(String host) throws StudyFailure, IOException, InterruptedException {
        List<String> argv = commands.endpoints.command(host).orElseThrow(() -> new StudyFailure(
                "no ilnpEndpoints entry for host " + host + " (ILNP's trials run its endpoint)"));
        CommandRunner.Running endpoint = runner.start(argv);
        Thread.sleep(1500);
        if (!endpoint.alive()) {
            CommandRunner.Finished ended = endpoint.await(Duration.ofSeconds(1));
            throw new StudyFailure("the ILNP endpoint of " + host + " ended at once (exit " + ended.exitCode + "): "
                                           + Excerpt.of(ended.stderr + ended.stdout));
        }
        return endpoint;
    }
}
