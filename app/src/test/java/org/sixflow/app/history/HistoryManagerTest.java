// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import org.junit.After;
import org.junit.Before;
import org.junit.ClassRule;
import org.junit.Test;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.DatabaseHealth;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.api.QuarantineStatus;
import org.sixflow.app.api.RetentionStatus;
import org.sixflow.app.config.SixflowAppConfig;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.testing.Migrations;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.SettableClock;
import org.sixflow.app.testing.TestNetworkConfigService;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The manager follows netcfg: no database, a reachable one, an unreachable one; and keeps the
 * reachable one's day partitions by its own clock.
 */
public class HistoryManagerTest {

    private static final ApplicationId APP_ID = TestApplicationId.create(SixflowConfigRegistrar.APP_NAME);

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private final SettableClock clock = new SettableClock(Instant.parse("2030-01-01T12:00:00Z"));
    private HistoryManager manager;
    private TestNetworkConfigService netcfg;

    @Before
    public void setUp() {
        netcfg = new TestNetworkConfigService();
        SixflowConfigRegistrar.FACTORIES.forEach(netcfg::registerConfigFactory);
        manager = new HistoryManager();
        manager.configService = netcfg;
        manager.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return APP_ID;
            }
        };
        manager.clock = clock;
        manager.maintenancePeriod = Duration.ofMillis(100);
        manager.activate();
    }

    @After
    public void tearDown() {
        manager.deactivate();
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(20);
        }
    }

    private void configure(String url) {
        configure(url, "");
    }

    private void configure(String url, String moreSettings) {
        netcfg.applyConfig(APP_ID, SixflowAppConfig.class, netcfg.json(
                "{\"database\": {\"url\": \"" + url + "\", \"user\": \"postgres\", \"password\": \"\""
                        + moreSettings + "}}"));
    }

    private static boolean hasPartition(String name) {
        try (Connection connection = DriverManager.getConnection(POSTGRES.server().jdbcUrl(), "postgres", "");
             PreparedStatement select = connection.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
            select.setString(1, "sixflow." + name);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() && rows.getBoolean(1);
            }
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    public void disabledWithoutConfig() throws Exception {
        await("activation", () -> manager.health().status() == DatabaseHealth.Status.DISABLED);
        assertEquals(List.of(), manager.recentEvents(10));
    }

    @Test
    public void upWithConfigAndRecordsEvents() throws Exception {
        configure(POSTGRES.server().jdbcUrl());
        await("database up", () -> manager.health().status() == DatabaseHealth.Status.UP);
        assertEquals(Migrations.latestVersion(), manager.health().schemaVersion().orElse(null));

        HistoryEvent event = HistoryEvent.of(Instant.parse("2030-01-01T00:00:00Z"), "DEVICE_ADDED",
                                             "device:nanjing", "");
        manager.record(event);
        await("event written", () -> manager.recentEvents(1).contains(event));
    }

    @Test
    public void keepsDayPartitionsOnConnectAndThenEveryPeriodAsRetentionDaysSays() throws Exception {
        configure(POSTGRES.server().jdbcUrl(), ", \"retentionDays\": 2");
        await("first maintenance", () -> manager.health().retention().isPresent());
        for (String table : List.of("latency_samples", "latency_aggregates", "port_counters", "table_occupancy")) {
            assertTrue(table, hasPartition(table + "_p20300101"));
            assertTrue(table, hasPartition(table + "_p20300108"));
        }
        RetentionStatus first = manager.health().retention().orElseThrow();
        assertEquals(2, first.retentionDays());
        assertEquals(Instant.parse("2030-01-01T12:00:00Z"), first.lastRun());
        assertTrue(first.toString(), first.partitions() >= 32);
        assertFalse(first.toString(), first.error().isPresent());

        // Three days on: the cutoff is Jan 2 12:00, so Jan 1 has aged out and Jan 9..11 are due.
        clock.advance(Duration.ofDays(3));
        await("Jan 11 created", () -> hasPartition("port_counters_p20300111"));
        await("Jan 1 dropped", () -> !hasPartition("latency_samples_p20300101"));
        assertTrue(hasPartition("latency_samples_p20300102"));
        await("status of the later run", () -> manager.health().retention().orElseThrow().partitionsDropped() >= 4);
        RetentionStatus later = manager.health().retention().orElseThrow();
        assertEquals(Instant.parse("2030-01-04T12:00:00Z"), later.lastRun());
        assertTrue(later.toString(), later.partitionsCreated() >= first.partitionsCreated() + 12);
        assertEquals(DatabaseHealth.Status.UP, manager.health().status());
    }

    @Test
    public void healthCountsTheRowsTheDatabaseRefused() throws Exception {
        configure(POSTGRES.server().jdbcUrl());
        await("database up", () -> manager.health().status() == DatabaseHealth.Status.UP);
        long before = manager.health().quarantine().orElseThrow().rows();
        // A port counter reading PostgreSQL refuses: -1 is no timestamptz.
        PortCounterWriter writer = new PortCounterWriter(manager::database, 10);
        writer.offer(List.of(PortCounters.builder(DeviceId.deviceId("device:beijing"), "1", Instant.MIN.plusSeconds(1))
                                     .inPackets(1L).build()));
        assertEquals(1, writer.flush(10));
        assertEquals(1, writer.quarantined());
        QuarantineStatus quarantine = manager.health().quarantine().orElseThrow();
        assertEquals(before + 1, quarantine.rows());
        assertTrue(quarantine.toString(), quarantine.lastReason().orElseThrow().startsWith("sixflow.port_counters"));
    }

    @Test
    public void downWithUnreachableDatabaseNamesTheUrl() throws Exception {
        configure("jdbc:postgresql://127.0.0.1:1/none");
        await("database down", () -> manager.health().status() == DatabaseHealth.Status.DOWN);
        assertEquals("jdbc:postgresql://127.0.0.1:1/none", manager.health().url().orElse(null));
        assertTrue(manager.health().message().isPresent());
    }

    @Test(expected = IllegalArgumentException.class)
    public void rejectsLimitOutOfRange() {
        manager.recentEvents(HistoryManager.MAX_EVENTS + 1);
    }
}
