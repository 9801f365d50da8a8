// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;

/**
 * The lab's commands as a study runs them, answering with what the real ones printed (Samples):
 * iperf3's server and client (UDP or TCP by the client's words), ping beside a trial (-q), the
 * failover's pings (reply lines), the reachability check (three pings), the link commands and
 * the ILNP endpoints (running until stopped). A client on a refused port fails as iperf3 does;
 * its server then never ends, as iperf3 -s -1 waits for a test that never comes.
 */
final class FakeCommands implements CommandRunner {

    /** Every command started, its words. */
    final List<List<String>> started = new CopyOnWriteArrayList<>();
    /** iperf3 ports whose client cannot connect. */
    final Set<String> refusedPorts = new CopyOnWriteArraySet<>();
    /** Endpoint commands that end at once. */
    final Set<String> failingEndpoints = new CopyOnWriteArraySet<>();
    private final List<String> log;
    private volatile boolean lastUdp;
    private volatile boolean lastRefused;

    FakeCommands(List<String> log) {
        this.log = log;
    }

    /** A command that has ended, or a long-lived one. */
    private final class Fake implements Running {
        private final String name;
        private final Finished finished;
        private final IOException fails;
        private volatile boolean alive;

        Fake(String name, Finished finished, IOException fails, boolean alive) {
            this.name = name;
            this.finished = finished;
            this.fails = fails;
            this.alive = alive;
        }

        @Override
        public Finished await(Duration timeout) throws IOException {
            if (fails != null) {
                throw fails;
            }
            alive = false;
            return finished;
        }

        @Override
        public boolean alive() {
            return alive;
        }

        @Override
        public void stop() {
            log.add("stop " + name);
            alive = false;
        }
    }

    /** The iperf3 server: what it prints depends on the client that comes. */
    private final class Server implements Running {
        private volatile boolean alive = true;

        @Override
        public Finished await(Duration timeout) throws IOException {
            if (lastRefused) {
                throw new IOException("iperf3 did not end within " + timeout.toSeconds() + " s");
            }
            alive = false;
            return new Finished(0, Samples.text(lastUdp ? Samples.UDP_SERVER : Samples.TCP_SERVER), "");
        }

        @Override
        public boolean alive() {
            return alive;
        }

        @Override
        public void stop() {
            log.add("stop iperf3 server");
            alive = false;
        }
    }

    private static String after(List<String> argv, String word) {
        int i = argv.indexOf(word);
        return i < 0 || i + 1 >= argv.size() ? null : argv.get(i + 1);
    }

    @Override
    public Running start(List<String> argv) {
        started.add(List.copyOf(argv));
        String words = String.join(" ", argv);
        if (argv.contains("iperf3") && argv.contains("-s")) {
            return new Server();
        }
        if (argv.contains("iperf3")) {
            boolean udp = argv.contains("-u");
            boolean refused = refusedPorts.contains(after(argv, "-p"));
            lastUdp = udp;
            lastRefused = refused;
            String out = Samples.text(refused ? Samples.REFUSED_CLIENT
                                              : udp ? Samples.UDP_CLIENT : Samples.TCP_CLIENT);
            return new Fake("iperf3 client", new Finished(refused ? 1 : 0, out, ""), null, false);
        }
        if (argv.contains("ping")) {
            if (argv.contains("-q")) {
                return new Fake("ping", new Finished(0, Samples.text(Samples.PING_SUMMARY), ""), null, true);
            }
            if ("3".equals(after(argv, "-c"))) {
                return new Fake("ping", new Finished(0, "3 packets transmitted, 3 received", ""), null, false);
            }
            log.add("failover pings " + after(argv, "-c"));
            return new Fake("ping", new Finished(0, Samples.text(Samples.PING_FAILOVER), ""), null, true);
        }
        if (argv.get(0).equals("lab-link")) {
            log.add(words);
            return new Fake("lab-link", new Finished(0, "", ""), null, false);
        }
        if (argv.get(0).equals("lab-endpoint")) {
            log.add("start " + words);
            if (failingEndpoints.contains(words)) {
                return new Fake(words, new Finished(2, "", "no such device sfh0\n"), null, false);
            }
            return new Fake(words, new Finished(0, "", ""), null, true);
        }
        throw new AssertionError("a command the study does not run: " + words);
    }
}
