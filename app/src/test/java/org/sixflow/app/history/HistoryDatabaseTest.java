// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import org.junit.ClassRule;
import org.junit.Test;
import org.postgresql.ds.PGSimpleDataSource;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.config.DatabaseSettings;
import org.sixflow.app.testing.Migrations;
import org.sixflow.app.testing.PostgresResource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The migrations in db/ against a real PostgreSQL, and event reads and writes.
 */
public class HistoryDatabaseTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();


    @Test
    public void migratesIntoSchemaSixflowOnceAndOnlyOnce() throws Exception {
        try (HistoryDatabase first = HistoryDatabase.open(POSTGRES.server().settings())) {
            assertEquals(Migrations.latestVersion(), first.schemaVersion());
        }
        // A second open finds nothing to apply and reports the same version.
        try (HistoryDatabase second = HistoryDatabase.open(POSTGRES.server().settings())) {
            assertEquals(Migrations.latestVersion(), second.schemaVersion());
        }
        try (Connection connection = DriverManager.getConnection(POSTGRES.server().jdbcUrl(), "postgres", "");
             ResultSet tables = connection.getMetaData().getTables(null, "sixflow", "events", null)) {
            assertTrue("sixflow.events exists", tables.next());
        }
    }

    @Test
    public void eventsComeBackNewestFirst() throws Exception {
        try (HistoryDatabase db = HistoryDatabase.open(POSTGRES.server().settings())) {
            Instant t0 = Instant.parse("2026-11-22T10:00:00Z");
            db.insertEvent(HistoryEvent.of(t0, "DEVICE_ADDED", "device:beijing", ""));
            db.insertEvent(HistoryEvent.of(t0.plusSeconds(5), "DEVICE_AVAILABILITY_CHANGED", "device:beijing",
                                           "unavailable"));
            db.insertEvent(HistoryEvent.of(t0.plusSeconds(1), "DEVICE_ADDED", "device:wuhan", ""));
            List<HistoryEvent> events = db.recentEvents(0, 2);
            assertEquals(2, events.size());
            assertEquals(HistoryEvent.of(t0.plusSeconds(5), "DEVICE_AVAILABILITY_CHANGED", "device:beijing",
                                         "unavailable"), events.get(0));
            assertEquals("device:wuhan", events.get(1).subject());
            // The next page starts after them.
            List<HistoryEvent> next = db.recentEvents(2, 2);
            assertEquals(1, next.size());
            assertEquals(HistoryEvent.of(t0, "DEVICE_ADDED", "device:beijing", ""), next.get(0));
        }
    }

    @Test
    public void unreachableDatabaseFailsWithItsUrl() {
        DatabaseSettings nowhere = new DatabaseSettings("jdbc:postgresql://127.0.0.1:1/none", "nobody", "");
        try (HistoryDatabase db = HistoryDatabase.open(nowhere)) {
            fail("opened " + db);
        } catch (RuntimeException e) {
            assertTrue(e.getMessage(), e.getMessage() != null && !e.getMessage().isEmpty());
        }
    }

    @Test
    public void driverDataSourceTakesTheSettingsUnlessTheUrlNamesAUser() {
        PGSimpleDataSource plain = HistoryDatabase.postgresDataSource(
                new DatabaseSettings("jdbc:postgresql://127.0.0.1:5433/sixflow", "onos", "secret"));
        assertEquals("onos", plain.getUser());
        assertEquals("secret", plain.getPassword());
        assertEquals(5433, plain.getPortNumbers()[0]);
        assertEquals("sixflow", plain.getDatabaseName());
        // As with DriverManager, parameters written in the URL win over the separate settings.
        PGSimpleDataSource inUrl = HistoryDatabase.postgresDataSource(
                new DatabaseSettings("jdbc:postgresql://db/sixflow?user=writer", "onos", "secret"));
        assertEquals("writer", inUrl.getUser());
    }

    @Test
    public void aUrlForAnotherDatabaseIsRefusedWithTheUrl() {
        DatabaseSettings mysql = new DatabaseSettings("jdbc:mysql://db/sixflow", "onos", "");
        try (HistoryDatabase db = HistoryDatabase.open(mysql)) {
            fail("opened " + db);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("jdbc:mysql://db/sixflow"));
        }
    }
}
