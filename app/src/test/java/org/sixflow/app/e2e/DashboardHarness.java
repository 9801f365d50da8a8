// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.e2e;

import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.testing.PostgresTestServer;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.SQLException;
import java.time.Instant;

/**
 * The dashboard's end-to-end test bed, started by web/e2e/run.mjs from app/: a PostgreSQL, the
 * app's real managers and REST application over the simulated lab, stored telemetry written by the
 * app's writers, a finished experiment stored through the experiment store ({@link StoredExperiments}),
 * the PPPoE sessions of a real capture replayed through the BNG relay (BngSessionManagerFixture),
 * and the built dashboard, all on one loopback port. It prints
 * {@code DASHBOARD_URL=<url>} once ready, runs the {@link LiveTelemetry} commands that arrive on its
 * standard input (answering {@code OK <command>}), and stops when that input closes.
 *
 * <p>Argument: the built dashboard's directory (web/dist/sixflow-web/browser).
 */
public final class DashboardHarness {

    private DashboardHarness() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1 || !Files.isRegularFile(Paths.get(args[0], "index.html"))) {
            System.err.println("usage: DashboardHarness <built dashboard dir with index.html>");
            System.exit(2);
        }
        Path dashboard = Paths.get(args[0]);
        try (PostgresTestServer postgres = PostgresTestServer.start()) {
            LabServices lab = new LabServices(postgres.jdbcUrl());
            HistoryDatabase db = lab.awaitDatabase();
            lab.telemetry.useDatabase(db);
            Instant now = Instant.now();
            StoredTelemetry.writeSamples(db, now);
            StoredTelemetry.writePortCounters(db, now);
            StoredTelemetry.events(now).forEach(lab.history::record);
            StoredExperiments.write(lab.experiments.store, now);
            lab.bng.replayCapturedSessions();
            try (DashboardServer server = new DashboardServer(lab.directory(), dashboard)) {
                System.out.println("DASHBOARD_URL=" + server.url());
                System.out.flush();
                LiveTelemetry live = new LiveTelemetry(db, lab.telemetry.manager, lab.history, lab.tunnels);
                BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                String line;
                while ((line = commands.readLine()) != null) {   // until the e2e script closes our input
                    try {
                        live.run(line);
                        System.out.println("OK " + line);
                    } catch (RuntimeException | SQLException e) {
                        System.out.println("FAILED " + line + ": " + e.getMessage());
                    }
                    System.out.flush();
                }
            } finally {
                lab.stop();
            }
        }
        System.exit(0);
    }
}
