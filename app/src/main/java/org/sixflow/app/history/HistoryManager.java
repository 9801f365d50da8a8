// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import com.google.common.collect.ImmutableList;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.DatabaseHealth;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.HistoryService;
import org.sixflow.app.api.HistoryUnavailableException;
import org.sixflow.app.api.RetentionStatus;
import org.sixflow.app.config.DatabaseSettings;
import org.sixflow.app.config.SixflowAppConfig;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.slf4j.Logger;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static com.google.common.base.Preconditions.checkArgument;
import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Keeps the history database connected as netcfg says, and writes history in the background
 * so no ONOS event thread ever waits for PostgreSQL. On the same thread, right after connecting
 * and then every hour, it keeps the day partitions of the telemetry tables (see
 * {@link PartitionMaintainer}) as the netcfg's retentionDays says. Its health carries the rows
 * the writers set aside because PostgreSQL refused them ({@link Quarantine}).
 */
@Component(immediate = true, service = {HistoryService.class, HistoryDatabaseService.class})
public class HistoryManager implements HistoryService, HistoryDatabaseService {

    /** Upper bound of {@link #recentEvents(int)}. */
    public static final int MAX_EVENTS = HistoryService.MAX_EVENTS;
    /** Upper bound of {@link #recentEvents(int, int)}'s offset. */
    public static final int MAX_EVENT_OFFSET = 1_000_000;
    /** How often an unreachable database is tried again. */
    static final long RETRY_SECONDS = 30;
    /** How often day partitions are created ahead and aged out. */
    static final Duration MAINTENANCE_PERIOD = Duration.ofHours(1);

    private final Logger log = getLogger(getClass());
    private final NetworkConfigListener configListener = new InternalConfigListener();
    private final AtomicLong failedWrites = new AtomicLong();
    private final QueryCache eventPages = new QueryCache();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    private ApplicationId appId;
    private ScheduledExecutorService writer;
    private volatile DatabaseSettings settings;
    private volatile HistoryDatabase database;
    private volatile DatabaseHealth health = DatabaseHealth.disabled();
    // Confined to the writer thread.
    private PartitionMaintainer maintainer;

    /** What "today" is for day partitions and retention; tests set their own before activation. */
    Clock clock = Clock.systemUTC();
    /** Time between partition maintenance runs; tests shorten it before activation. */
    Duration maintenancePeriod = MAINTENANCE_PERIOD;

    @Activate
    protected void activate() {
        appId = coreService.registerApplication(SixflowConfigRegistrar.APP_NAME);
        // One thread: connects, migrates and writes in order.
        writer = Executors.newSingleThreadScheduledExecutor(groupedThreads("sixflow/history", "writer", log));
        configService.addListener(configListener);
        writer.execute(this::reconnect);
        writer.scheduleWithFixedDelay(this::retryIfDown, RETRY_SECONDS, RETRY_SECONDS, TimeUnit.SECONDS);
        writer.scheduleWithFixedDelay(this::maintainPartitions, maintenancePeriod.toMillis(),
                                      maintenancePeriod.toMillis(), TimeUnit.MILLISECONDS);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        configService.removeListener(configListener);
        writer.shutdown();
        try {
            writer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeDatabase();
        log.info("Stopped");
    }

    @Override
    public DatabaseHealth health() {
        DatabaseHealth current = health;
        HistoryDatabase db = database;
        return db == null ? current : current.withQuarantine(db.quarantine().status());
    }

    @Override
    public void record(HistoryEvent event) {
        writer.execute(() -> {
            HistoryDatabase db = database;
            if (db == null) {
                return;
            }
            try {
                db.insertEvent(event);
            } catch (SQLException e) {
                failedWrites.incrementAndGet();
                health = DatabaseHealth.down(settings.url(), "Write failed: " + e.getMessage());
                log.warn("Cannot record {}: {}", event, e.getMessage());
            }
        });
    }

    @Override
    public Optional<HistoryDatabase> database() {
        return Optional.ofNullable(database);
    }

    @Override
    public List<HistoryEvent> recentEvents(int offset, int limit) {
        checkArgument(limit >= 1 && limit <= MAX_EVENTS, "limit must be 1..%s, got %s", MAX_EVENTS, limit);
        checkArgument(offset >= 0 && offset <= MAX_EVENT_OFFSET, "offset must be 0..%s, got %s", MAX_EVENT_OFFSET,
                      offset);
        HistoryDatabase db = database;
        if (db == null) {
            return ImmutableList.of();
        }
        // Dashboards poll this list: identical pages within a second share one read.
        return eventPages.get(List.of(db, offset, limit), () -> {
            try {
                return db.recentEvents(offset, limit);
            } catch (SQLException e) {
                health = DatabaseHealth.down(settings.url(), "Read failed: " + e.getMessage());
                throw new HistoryUnavailableException("History database unavailable", e);
            }
        });
    }

    /**
     * Returns how many writes failed since activation.
     *
     * @return failed writes
     */
    public long failedWrites() {
        return failedWrites.get();
    }

    private void retryIfDown() {
        if (health.status() == DatabaseHealth.Status.DOWN) {
            closeDatabase();
            reconnect();
        }
    }

    private void reconnect() {
        DatabaseSettings wanted;
        try {
            wanted = Optional.ofNullable(configService.getConfig(appId, SixflowAppConfig.class))
                    .flatMap(SixflowAppConfig::database).orElse(null);
        } catch (RuntimeException e) {
            log.error("Invalid Sixflow database config: {}", e.getMessage());
            return;
        }
        if (Objects.equals(wanted, settings) && database != null) {
            return;
        }
        closeDatabase();
        settings = wanted;
        if (wanted == null) {
            health = DatabaseHealth.disabled();
            return;
        }
        try {
            database = HistoryDatabase.open(wanted);
            health = DatabaseHealth.up(wanted.url(), database.schemaVersion());
            log.info("History database {} at schema version {}, keeping {} days", wanted.url(),
                     database.schemaVersion(), wanted.retentionDays());
        } catch (RuntimeException | LinkageError | ServiceConfigurationError e) {
            // Errors too: a library that cannot load its parts in OSGi throws them, and this runs
            // on an executor that would keep them in a Future nobody reads.
            health = DatabaseHealth.down(wanted.url(), e.toString());
            log.error("Cannot open history database {}", wanted.url(), e);
            return;
        }
        maintainer = new PartitionMaintainer(database.dataSource(), clock, wanted.retentionDays(),
                                             PartitionMaintainer.DAYS_AHEAD);
        // Before the first write goes to the default partition for want of today's partition.
        maintainPartitions();
    }

    private void maintainPartitions() {
        PartitionMaintainer current = maintainer;
        HistoryDatabase db = database;
        if (current == null || db == null) {
            return;    // no database
        }
        try {
            db.quarantine().recount();    // other instances add to it, the retention ages it out
        } catch (SQLException e) {
            log.warn("Cannot count quarantined rows: {}", e.getMessage());
        }
        // Totals count from this connection's first run; a new connection starts again from zero.
        int retentionDays = settings.retentionDays();
        RetentionStatus before = health.retention()
                .orElse(RetentionStatus.of(retentionDays, clock.instant(), 0, 0, 0, 0, 0, null));
        RetentionStatus after;
        try {
            PartitionReport report = current.maintain();
            after = RetentionStatus.of(retentionDays, clock.instant(), report.partitions(),
                                       before.partitionsCreated() + report.created().size(),
                                       before.partitionsDropped() + report.dropped().size(),
                                       before.rowsMoved() + report.rowsMoved(),
                                       before.rowsExpired() + report.rowsExpired(),
                                       report.failures().isEmpty() ? null : String.join("; ", report.failures()));
        } catch (SQLException | RuntimeException e) {
            log.warn("Cannot maintain history partitions: {}", e.getMessage());
            after = RetentionStatus.of(retentionDays, clock.instant(), before.partitions(),
                                       before.partitionsCreated(), before.partitionsDropped(), before.rowsMoved(),
                                       before.rowsExpired(), e.getMessage());
        }
        // A failed write may have marked the database down meanwhile: that says more than this.
        DatabaseHealth latest = health;
        if (latest.status() == DatabaseHealth.Status.UP) {
            health = latest.withRetention(after);
        }
    }

    private void closeDatabase() {
        HistoryDatabase db = database;
        database = null;
        maintainer = null;
        if (db != null) {
            db.close();
        }
    }

    private class InternalConfigListener implements NetworkConfigListener {
        @Override
        public boolean isRelevant(NetworkConfigEvent event) {
            return event.configClass().equals(SixflowAppConfig.class);
        }

        @Override
        public void event(NetworkConfigEvent event) {
            writer.execute(HistoryManager.this::reconnect);
        }
    }
}
