// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.sixflow.app.api.DatabaseHealth;
import org.sixflow.app.api.ExperimentStore;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.api.TelemetryAdminService;
import org.sixflow.app.features.bng.api.BngService;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.history.HistoryManager;
import org.sixflow.demo.network.DemoNetwork;
import org.sixflow.demo.network.LabTopology;
import org.sixflow.demo.seed.BenchTelemetry;
import org.sixflow.demo.seed.CapturedSubscribers;
import org.sixflow.demo.seed.LiveTelemetry;
import org.sixflow.demo.seed.StoredExperiments;
import org.sixflow.demo.seed.StoredTelemetry;
import org.sixflow.demo.web.DemoWebServer;
import org.sixflow.sim.postgres.LocalPostgres;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The demo: Sixflow's real components on a simulated ONOS ({@link SimulatedOnos}) over the bmv2
 * lab's own topologies and netcfg, a throwaway PostgreSQL behind its history, stored telemetry
 * and two finished experiment runs written through the app's own writers and store, BNG
 * subscribers replayed from a real PPPoE capture ({@link CapturedSubscribers}), and Sixflow's
 * REST API with the built dashboard on one loopback port. It prints {@code DASHBOARD_URL=<url>}
 * once ready, runs the {@link LiveTelemetry} commands that arrive on its standard input
 * (answering {@code OK <command>} or {@code FAILED <command>: <why>}), and stops in order when that
 * input closes. Start it with lab/demo/run.sh.
 */
public final class Demo {

    /** The application whose netcfg holds the database settings (SixflowConfigRegistrar.APP_NAME). */
    static final String APP_NAME = "org.sixflow.app";
    private static final int DATABASE_WAIT_MILLIS = 60_000;

    private Demo() {
    }

    /**
     * Runs the demo until its standard input closes.
     *
     * @param args see {@link DemoArguments}
     * @throws Exception when it cannot start
     */
    public static void main(String[] args) throws Exception {
        DemoArguments arguments;
        try {
            arguments = DemoArguments.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(DemoArguments.USAGE);
            System.exit(2);
            return;
        }
        ObjectMapper mapper = new ObjectMapper();
        LocalPostgres postgres = LocalPostgres.start();
        // Stopped however the demo ends: a SIGTERM or Ctrl-C skips the orderly close below, and
        // the server would outlive it (closing twice is harmless).
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stopQuietly(postgres), "demo-postgres-stop"));
        try (postgres; SimulatedOnos onos = new SimulatedOnos()) {
            onos.network.networkConfigService().applyJson(databaseConfig(mapper, postgres.jdbcUrl()));
            for (int i = 0; i < arguments.topologies.size(); i++) {
                LabTopology topology = LabTopology.read(arguments.topologies.get(i));
                ObjectNode netcfg = (ObjectNode) mapper.readTree(arguments.netcfgs.get(i).toFile());
                DemoNetwork.add(onos.network, topology, netcfg).forEach((device, pipeconf) -> {
                    if (onos.network.pipeconfService().getPipeconf(pipeconf).isEmpty()) {
                        throw new IllegalStateException(topology.name() + " names pipeconf " + pipeconf
                                                                + ", which no bundle registered");
                    }
                    onos.connectP4Runtime(device);   // its counters can be read, as a switch's are
                });
            }
            HistoryService history = onos.runtime.service(HistoryService.class).orElseThrow();
            HistoryDatabase db = awaitDatabase(history);
            TelemetryAdminService telemetry = onos.runtime.service(TelemetryAdminService.class).orElseThrow();
            Instant benchTo = Instant.now().truncatedTo(ChronoUnit.MINUTES);
            if (arguments.benchRate > 0) {
                long started = System.nanoTime();
                String rows = BenchTelemetry.write(db, history, benchTo, arguments.benchRate);
                System.out.printf("BENCH_ROWS %s seeded in %d s%n", rows,
                                  Duration.ofNanos(System.nanoTime() - started).getSeconds());
            } else {
                seed(onos, db);
            }
            try (DemoWebServer web = new DemoWebServer(onos.runtime.serviceDirectory(), arguments.dashboard,
                                                       arguments.port)) {
                if (arguments.benchRate > 0) {
                    System.out.println("BENCH_TO=" + benchTo);
                    System.out.println("BENCH_PG=" + postgres.port());
                    System.out.println("BENCH_URL=" + web.url().replaceAll("/$", "") + DemoWebServer.API_PATH);
                }
                System.out.println("DASHBOARD_URL=" + web.url());
                System.out.flush();
                LiveTelemetry live = new LiveTelemetry(db, telemetry, history,
                                                       onos.runtime.service(GtpuTunnelService.class).orElseThrow(),
                                                       onos.counters);
                serve(live);
            }
        }
        System.exit(0);
    }

    private static void stopQuietly(LocalPostgres postgres) {
        try {
            postgres.close();
        } catch (java.io.IOException | RuntimeException e) {
            System.err.println("the demo's PostgreSQL did not stop: " + e.getMessage());
        }
    }

    /** The netcfg the lab posts for the app: where its history database is (onoslab.py with_database). */
    static ObjectNode databaseConfig(ObjectMapper mapper, String jdbcUrl) {
        ObjectNode doc = mapper.createObjectNode();
        ObjectNode database = doc.putObject("apps").putObject(APP_NAME).putObject("sixflow").putObject("database");
        database.put("url", jdbcUrl).put("user", "postgres").put("password", "").put("retentionDays", 30);
        return doc;
    }

    private static void seed(SimulatedOnos onos, HistoryDatabase db) throws SQLException {
        Instant now = Instant.now();
        StoredTelemetry.writeSamples(db, now);
        StoredTelemetry.writePortCounters(db, now, onos.network.deviceService());
        StoredExperiments.write(onos.runtime.service(ExperimentStore.class).orElseThrow(), now);
        CapturedSubscribers.replay(onos.network, onos.runtime.service(BngService.class).orElseThrow());
    }

    /** Runs standard input's commands until it closes. */
    private static void serve(LiveTelemetry live) throws java.io.IOException {
        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = commands.readLine()) != null) {
            try {
                live.run(line);
                System.out.println("OK " + line);
            } catch (RuntimeException | SQLException e) {
                System.out.println("FAILED " + line + ": " + e.getMessage());
            }
            System.out.flush();
        }
    }

    /** Waits until the history manager has connected to the database and migrated it. */
    private static HistoryDatabase awaitDatabase(HistoryService history) throws InterruptedException {
        HistoryManager manager = (HistoryManager) history;
        long deadline = System.currentTimeMillis() + DATABASE_WAIT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            if (manager.health().status() == DatabaseHealth.Status.UP && manager.database().isPresent()) {
                return manager.database().get();
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the history database did not come up: " + manager.health().message());
    }
}
