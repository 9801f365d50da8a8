// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo;

import com.google.common.collect.ImmutableList;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The demo's command line: {@code --dashboard DIR} (the built dashboard, with index.html), one
 * or more {@code --topology FILE --netcfg FILE} pairs (a lab topology and the netcfg the lab
 * generates for it), {@code --port N} (the loopback port; 0, the default, for any free one), and
 * {@code --bench-rate N}: instead of the demo's own stored data, the hour of telemetry {@code make
 * bench-rest} measures against, at N samples per second, class and device (BenchTelemetry).
 */
final class DemoArguments {

    static final String USAGE = "usage: Demo --dashboard DIR (--topology FILE --netcfg FILE)... [--port N] "
            + "[--bench-rate N]";

    final Path dashboard;
    final List<Path> topologies;
    final List<Path> netcfgs;
    final int port;
    /** Samples per second, class and device of the bench's hour; 0 for the demo's own data. */
    final int benchRate;

    private DemoArguments(Path dashboard, List<Path> topologies, List<Path> netcfgs, int port, int benchRate) {
        this.dashboard = dashboard;
        this.topologies = ImmutableList.copyOf(topologies);
        this.netcfgs = ImmutableList.copyOf(netcfgs);
        this.port = port;
        this.benchRate = benchRate;
    }

    /**
     * Parses the command line.
     *
     * @param args the arguments
     * @return what they say
     * @throws IllegalArgumentException naming what is wrong
     */
    static DemoArguments parse(String[] args) {
        Path dashboard = null;
        List<Path> topologies = new ArrayList<>();
        List<Path> netcfgs = new ArrayList<>();
        int port = 0;
        int benchRate = 0;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            String value = args[++i];
            switch (option) {
                case "--dashboard":
                    dashboard = Paths.get(value);
                    break;
                case "--topology":
                    topologies.add(existing(value));
                    break;
                case "--netcfg":
                    netcfgs.add(existing(value));
                    break;
                case "--port":
                    port = port(value);
                    break;
                case "--bench-rate":
                    benchRate = rate(value);
                    break;
                default:
                    throw new IllegalArgumentException("unknown option " + option);
            }
        }
        if (dashboard == null || !Files.isRegularFile(dashboard.resolve("index.html"))) {
            throw new IllegalArgumentException("--dashboard must name the built dashboard's folder (with index.html)");
        }
        if (topologies.isEmpty() || topologies.size() != netcfgs.size()) {
            throw new IllegalArgumentException("give each --topology its --netcfg (" + topologies.size()
                                                       + " topologies, " + netcfgs.size() + " netcfgs)");
        }
        return new DemoArguments(dashboard, topologies, netcfgs, port, benchRate);
    }

    private static Path existing(String file) {
        Path path = Paths.get(file);
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException("no file " + file);
        }
        return path;
    }

    private static int rate(String value) {
        try {
            int rate = Integer.parseInt(value);
            if (rate >= 1 && rate <= 1000) {
                return rate;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("--bench-rate takes 1..1000 samples per second, not " + value);
    }

    private static int port(String value) {
        try {
            int port = Integer.parseInt(value);
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("--port takes 0..65535, not " + value);
    }
}
