// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.e2e;

import org.sixflow.app.api.DatabaseHealth;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.testing.PostgresTestServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;

/**
 * The dashboard's end-to-end test bed, started by web/e2e/run.mjs from app/: a PostgreSQL, the
 * app's real managers and REST application over the simulated lab, stored telemetry written by the
 * app's writers, and the built dashboard, all on one loopback port. It prints
 * {@code DASHBOARD_URL=<url>} once ready and stops when its standard input closes.
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
            HistoryDatabase db = awaitDatabase(lab);
            lab.telemetry.useDatabase(db);
            Instant now = Instant.now();
            StoredTelemetry.writeSamples(db, now);
            StoredTelemetry.writePortCounters(db, now);
            StoredTelemetry.events(now).forEach(lab.history::record);
            try (DashboardServer server = new DashboardServer(lab.directory(), dashboard)) {
                System.out.println("DASHBOARD_URL=" + server.url());
                System.out.flush();
                while (System.in.read() >= 0) {
                    // run until the e2e script closes our standard input (or ends)
                }
            } finally {
                lab.history.stop();
            }
        }
        System.exit(0);
    }

    private static HistoryDatabase awaitDatabase(LabServices lab) throws InterruptedException {
        for (int i = 0; i < 300; i++) {
            if (lab.history.health().status() == DatabaseHealth.Status.UP && lab.history.database().isPresent()) {
                return lab.history.database().get();
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("history database did not come up: " + lab.history.health().message());
    }
}
