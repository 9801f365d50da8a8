// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.resources;

import org.onlab.util.KryoNamespace;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.intent.WorkPartitionService;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.EventuallyConsistentMap;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.WallClockTimestamp;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.TableOccupancy;
import org.sixflow.app.api.TelemetryAdminService;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.config.ComponentProperties;
import org.sixflow.app.history.CopyWriter;
import org.sixflow.app.history.HistoryDatabaseService;
import org.sixflow.app.impl.Masters;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.slf4j.Logger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.onlab.util.Tools.groupedThreads;
import static org.sixflow.app.resources.OsgiPropertyConstants.OCCUPANCY_INTERVAL;
import static org.sixflow.app.resources.OsgiPropertyConstants.OCCUPANCY_INTERVAL_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Every occupancyIntervalSeconds, counts the installed entries of each P4 table of every
 * available device running a Sixflow pipeconf, on the instance that masters the device (or any,
 * for a device no instance masters), against the table sizes of the pipeconf. Each reading is
 * stored in sixflow.table_occupancy, posted as a TABLE_OCCUPANCY telemetry event, and kept as the
 * table's latest reading in a map the cluster shares, so every instance answers for every device.
 */
@Component(immediate = true, service = OccupancyReadings.class,
        property = {OCCUPANCY_INTERVAL + ":Integer=" + OCCUPANCY_INTERVAL_DEFAULT})
public class TableOccupancyCollector implements OccupancyReadings {

    /** Most readings kept while the database is away (about a day of 5 devices × 20 tables at 10 s). */
    static final int BUFFER_CAPACITY = 1_000_000;
    static final int BATCH = 5_000;
    static final Duration FLUSH_PERIOD = Duration.ofSeconds(1);
    /** How readings travel between cluster instances (Instant is not in ONOS's namespaces). */
    static final KryoNamespace READINGS = KryoNamespace.newBuilder().register(KryoNamespaces.API)
            .register(TableOccupancy.class, Instant.class).build("sixflow-table-occupancy");

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FlowRuleService flowRuleService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected WorkPartitionService workPartitionService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected TelemetryAdminService telemetryService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HistoryDatabaseService historyDatabase;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    Clock clock = Clock.systemUTC();
    /** Delay of the first count after activation or a new interval; tests push it out to count by hand. */
    Duration firstRound = Duration.ofSeconds(1);

    /** Seconds between counts, 1..3600. */
    private int occupancyIntervalSeconds = OCCUPANCY_INTERVAL_DEFAULT;

    /** Latest reading per "device table". */
    private EventuallyConsistentMap<String, TableOccupancy> latest;
    private ScheduledExecutorService scheduler;
    private ScheduledFuture<?> rounds;
    private CopyWriter<TableOccupancy> writer;

    @Activate
    protected void activate(ComponentContext context) {
        componentConfigService.registerProperties(getClass());
        readProperties(context);
        latest = storageService.<String, TableOccupancy>eventuallyConsistentMapBuilder()
                .withName("sixflow-table-occupancy")
                .withSerializer(READINGS)
                .withTimestampProvider((key, reading) -> new WallClockTimestamp())
                .build();
        writer = TableOccupancyRows.writer(historyDatabase::database, BUFFER_CAPACITY);
        // One thread: counting and writing never overlap.
        scheduler = Executors.newSingleThreadScheduledExecutor(groupedThreads("sixflow/resources", "occupancy-%d",
                                                                               log));
        scheduler.scheduleWithFixedDelay(this::flush, FLUSH_PERIOD.toMillis(), FLUSH_PERIOD.toMillis(),
                                         TimeUnit.MILLISECONDS);
        schedule();
        log.info("Started (every {} s)", occupancyIntervalSeconds);
    }

    @Modified
    protected void modified(ComponentContext context) {
        int before = occupancyIntervalSeconds;
        readProperties(context);
        if (before != occupancyIntervalSeconds) {
            rounds.cancel(false);
            schedule();
            log.info("Reconfigured: every {} s", occupancyIntervalSeconds);
        }
    }

    @Deactivate
    protected void deactivate() {
        componentConfigService.unregisterProperties(getClass(), false);
        scheduler.shutdown();
        try {
            scheduler.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        flush();
        latest.destroy();
        log.info("Stopped");
    }

    @Override
    public List<TableOccupancy> latest(Optional<DeviceId> deviceId) {
        return latest.values().stream()
                .filter(r -> deviceId.map(r.deviceId()::equals).orElse(true))
                .sorted(Comparator.comparing((TableOccupancy r) -> r.deviceId().toString())
                                .thenComparing(TableOccupancy::table))
                .collect(Collectors.toList());
    }

    /** The writer of occupancy rows, for tests and health. */
    CopyWriter<TableOccupancy> writer() {
        return writer;
    }

    /** Seconds between counts now in force, for tests. */
    int intervalSeconds() {
        return occupancyIntervalSeconds;
    }

    private void schedule() {
        rounds = scheduler.scheduleWithFixedDelay(this::collectSafely, firstRound.toMillis(),
                                                  occupancyIntervalSeconds * 1000L, TimeUnit.MILLISECONDS);
    }

    private void readProperties(ComponentContext context) {
        occupancyIntervalSeconds = ComponentProperties.seconds(context, OCCUPANCY_INTERVAL, occupancyIntervalSeconds,
                                                              log);
    }

    // A failed round must not end the schedule: the next one tries again.
    private void collectSafely() {
        try {
            collect();
        } catch (RuntimeException e) {
            log.warn("Counting table entries failed: {}", e.toString());
        }
    }

    /**
     * Counts the tables of every device read here once: stores, posts and remembers the readings.
     *
     * @return the readings
     */
    List<TableOccupancy> collect() {
        Instant now = clock.instant();
        List<TableOccupancy> readings = new ArrayList<>();
        for (Device device : deviceService.getAvailableDevices()) {
            DeviceId id = device.id();
            Optional<PiPipeconf> pipeconf = pipeconfService.getPipeconf(id)
                    .filter(p -> SixflowPipeconfs.ALL.contains(p.id()));
            if (pipeconf.isEmpty() || !readsHere(id)) {
                continue;
            }
            List<TableOccupancy> tables = TableOccupancyCounter.count(id, pipeconf.get().pipelineModel(),
                                                                      flowRuleService.getFlowEntries(id), now);
            remember(id, tables);
            readings.addAll(tables);
        }
        forgetRemovedDevices();
        int lost = writer.offer(readings);
        if (lost > 0) {
            log.warn("Table occupancy buffer full: {} readings dropped ({} in all)", lost, writer.dropped());
        }
        readings.forEach(r -> telemetryService.post(TelemetryEvent.of(r)));
        return readings;
    }

    private boolean readsHere(DeviceId id) {
        return Masters.readsHere(mastershipService, workPartitionService, id);
    }

    // The device's tables are now exactly these: a table its new pipeconf lacks is no longer shown.
    private void remember(DeviceId id, List<TableOccupancy> tables) {
        Set<String> keys = tables.stream().map(TableOccupancyCollector::key).collect(Collectors.toSet());
        latest.keySet().stream()
                .filter(k -> k.startsWith(id + " ") && !keys.contains(k))
                .collect(Collectors.toList())
                .forEach(latest::remove);
        tables.forEach(t -> latest.put(key(t), t));
    }

    // A device that left ONOS has no tables any more; an unavailable one keeps its last readings.
    private void forgetRemovedDevices() {
        latest.entrySet().stream()
                .filter(e -> deviceService.getDevice(e.getValue().deviceId()) == null)
                .map(Map.Entry::getKey)
                .collect(Collectors.toList())
                .forEach(latest::remove);
    }

    private static String key(TableOccupancy reading) {
        return reading.deviceId() + " " + reading.table();
    }

    private void flush() {
        writer.drain(BATCH, historyDatabase.database().isPresent(), log);
    }
}
