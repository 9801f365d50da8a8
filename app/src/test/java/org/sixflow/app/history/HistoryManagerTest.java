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
import org.sixflow.app.api.DatabaseHealth;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.config.SixflowAppConfig;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.testing.Migrations;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.TestNetworkConfigService;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The manager follows netcfg: no database, a reachable one, an unreachable one.
 */
public class HistoryManagerTest {

    private static final ApplicationId APP_ID = TestApplicationId.create(SixflowConfigRegistrar.APP_NAME);

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

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
        netcfg.applyConfig(APP_ID, SixflowAppConfig.class, netcfg.json(
                "{\"database\": {\"url\": \"" + url + "\", \"user\": \"postgres\", \"password\": \"\"}}"));
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
