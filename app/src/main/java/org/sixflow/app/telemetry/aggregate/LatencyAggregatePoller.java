// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.grpc.api.GrpcChannelController;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.intent.WorkPartitionService;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.LatencyBatch;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.TelemetryAdminService;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.config.ComponentProperties;
import org.sixflow.app.history.CopyWriter;
import org.sixflow.app.history.HistoryDatabaseService;
import org.sixflow.app.impl.Masters;
import org.sixflow.pipeconf.CpuPorts;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.sixflow.pipeconf.TimestampUnits;
import org.slf4j.Logger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.onlab.util.Tools.groupedThreads;
import static org.sixflow.app.telemetry.aggregate.OsgiPropertyConstants.AGGREGATE_POLL;
import static org.sixflow.app.telemetry.aggregate.OsgiPropertyConstants.AGGREGATE_POLL_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Reads the data plane's latency aggregates (per class and egress port: packets, sum, min, max,
 * histogram) from every available device running a Sixflow pipeconf, on the instance that
 * masters it: the packet counter through ONOS's P4Runtime client, the registers of the slots
 * that moved by a direct P4Runtime Read (or, on bmv2, readout packets). Each poll's deltas go to
 * sixflow.latency_aggregates (buffered through database outages) and one LATENCY_BATCH event per
 * (device, class). Component property aggregatePollSeconds sets the period.
 */
@Component(immediate = true, property = {
        AGGREGATE_POLL + ":Integer=" + AGGREGATE_POLL_DEFAULT,
})
public class LatencyAggregatePoller {

    /** Most rows kept while the database is away (a day of 100 busy slots at 10 s). */
    static final int BUFFER_CAPACITY = 1_000_000;
    static final int BATCH = 5_000;
    static final Duration READ_TIMEOUT = Duration.ofSeconds(5);

    private final Logger log = getLogger(getClass());
    private final Map<DeviceId, DeviceAggregates> devices = new ConcurrentHashMap<>();
    private final Map<DeviceId, String> lastFailure = new ConcurrentHashMap<>();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected WorkPartitionService workPartitionService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected P4RuntimeController p4RuntimeController;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GrpcChannelController channelController;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PacketService packetService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected TelemetryAdminService telemetryService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HistoryDatabaseService historyDatabase;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    /** Seconds between polls, 1..3600. */
    private int aggregatePollSeconds = AGGREGATE_POLL_DEFAULT;

    /** Readers; tests replace them before activating. */
    PacketCounterReader counterReader;
    RegisterReader p4RuntimeReader;
    ReadoutRegisterReader readoutReader;
    Clock clock = Clock.systemUTC();

    private ScheduledExecutorService executor;
    private ScheduledFuture<?> polling;
    private CopyWriter<LatencyAggregate> writer;

    @Activate
    protected void activate(ComponentContext context) {
        componentConfigService.registerProperties(getClass());
        readProperties(context);
        if (counterReader == null) {
            counterReader = new OnosPacketCounterReader(p4RuntimeController, configService);
        }
        if (p4RuntimeReader == null) {
            p4RuntimeReader = new P4RuntimeRegisterReader(this::endpoint, READ_TIMEOUT);
        }
        if (readoutReader == null) {
            readoutReader = new ReadoutRegisterReader(packetService, CpuPorts.BMV2, READ_TIMEOUT);
        }
        packetService.addProcessor(readoutReader, PacketProcessor.advisor(0));
        writer = AggregateRows.writer(historyDatabase::database, BUFFER_CAPACITY);
        executor = Executors.newSingleThreadScheduledExecutor(groupedThreads("sixflow/aggregates", "poller", log));
        schedule();
        log.info("Started (every {} s)", aggregatePollSeconds);
    }

    @Modified
    protected void modified(ComponentContext context) {
        int before = aggregatePollSeconds;
        readProperties(context);
        if (before != aggregatePollSeconds) {
            schedule();
            log.info("Reconfigured: every {} s", aggregatePollSeconds);
        }
    }

    @Deactivate
    protected void deactivate() {
        componentConfigService.unregisterProperties(getClass(), false);
        packetService.removeProcessor(readoutReader);
        executor.shutdown();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        flush();
        devices.clear();
        log.info("Stopped");
    }

    /** The writer of aggregate rows, for tests and health. */
    CopyWriter<LatencyAggregate> writer() {
        return writer;
    }

    private synchronized void schedule() {
        if (polling != null) {
            polling.cancel(false);
        }
        polling = executor.scheduleWithFixedDelay(this::pollAndFlush, aggregatePollSeconds, aggregatePollSeconds,
                                                  TimeUnit.SECONDS);
    }

    private void readProperties(ComponentContext context) {
        aggregatePollSeconds = ComponentProperties.seconds(context, AGGREGATE_POLL, aggregatePollSeconds, log);
    }

    private void pollAndFlush() {
        try {
            pollOnce();
        } catch (RuntimeException e) {
            log.warn("Latency aggregate poll failed", e);
        }
        flush();
    }

    /** Reads every device this instance should read once; returns the rows queued. */
    int pollOnce() {
        int queued = 0;
        for (Device device : deviceService.getAvailableDevices()) {
            DeviceId id = device.id();
            Optional<DeviceAggregates> state = stateOf(id);
            if (state.isEmpty()) {
                continue;
            }
            Instant now = clock.instant();
            try {
                List<LatencyAggregate> rows = state.get().poll(counterReader, egressPorts(id), now);
                lastFailure.remove(id);
                int lost = writer.offer(rows);
                if (lost > 0) {
                    log.warn("Aggregate buffer full: {} rows of {} dropped", lost, id);
                }
                queued += rows.size() - lost;
                batches(id, now, rows).forEach(b -> telemetryService.post(TelemetryEvent.of(b)));
            } catch (AggregateReadException e) {
                // Say so once per distinct failure, not at every poll.
                if (!e.getMessage().equals(lastFailure.put(id, e.getMessage()))) {
                    log.warn("Cannot read latency aggregates of {}: {}", id, e.getMessage());
                }
            }
        }
        devices.keySet().removeIf(id -> !deviceService.isAvailable(id));
        return queued;
    }

    /** The device's ports and its target's CPU port: the egress ports its slots can count at. */
    private List<Long> egressPorts(DeviceId id) {
        List<Long> ports = deviceService.getPorts(id).stream().map(Port::number)
                .filter(n -> !n.isLogical()).map(PortNumber::toLong).collect(Collectors.toCollection(ArrayList::new));
        if (ports.isEmpty()) {
            return ports;
        }
        pipeconfService.getPipeconf(id).flatMap(p -> SixflowPipeconfs.perTarget(p.id(), CpuPorts.BMV2, CpuPorts.TOFINO))
                .ifPresent(cpuPort -> ports.add(cpuPort.longValue()));
        return ports;
    }

    private Optional<DeviceAggregates> stateOf(DeviceId id) {
        if (!Masters.readsHere(mastershipService, workPartitionService, id)) {
            devices.remove(id);
            return Optional.empty();
        }
        Optional<PiPipeconf> pipeconf = pipeconfService.getPipeconf(id);
        Optional<Long> nanosPerTick = pipeconf.flatMap(p -> TimestampUnits.nanosPerTick(p.id()));
        if (nanosPerTick.isEmpty()) {
            devices.remove(id);
            return Optional.empty();
        }
        DeviceAggregates state = devices.get(id);
        if (state == null || !state.pipeconf().id().equals(pipeconf.get().id())) {
            Optional<AggregateLayout> layout = AggregateLayout.of(pipeconf.get());
            if (layout.isEmpty()) {
                return Optional.empty();
            }
            // Only the bmv2 pipeline answers readout packets.
            RegisterReader readout = SixflowPipeconfs.targetOf(pipeconf.get().id())
                    .filter(PipeconfTarget.BMV2::equals).isPresent() ? readoutReader : null;
            state = new DeviceAggregates(id, pipeconf.get(), layout.get(), nanosPerTick.get(), p4RuntimeReader,
                                         readout);
            devices.put(id, state);
        }
        return Optional.of(state);
    }

    private Optional<P4RuntimeRegisterReader.Endpoint> endpoint(DeviceId id) {
        return P4RuntimeAddress.of(configService, id).flatMap(address -> channelController.get(address.uri())
                .map(channel -> new P4RuntimeRegisterReader.Endpoint(channel, address.p4DeviceId())));
    }

    /**
     * Sums a poll's rows per class.
     *
     * @param id   the device
     * @param time the poll time
     * @param rows the rows
     * @return one batch per class present, with its packets and mean latency
     */
    static List<LatencyBatch> batches(DeviceId id, Instant time, List<LatencyAggregate> rows) {
        Map<Integer, long[]> sums = new LinkedHashMap<>();
        for (LatencyAggregate row : rows) {
            long[] s = sums.computeIfAbsent(row.latencyClass(), k -> new long[2]);
            s[0] += row.packets();
            s[1] += row.sumNanos();
        }
        List<LatencyBatch> batches = new ArrayList<>();
        sums.forEach((code, s) -> LatencyClass.find(code).ifPresent(
                c -> batches.add(LatencyBatch.of(id, c, time, s[0], (double) s[1] / s[0]))));
        return batches;
    }

    /** Writes what is buffered; what the database cannot take stays buffered. */
    void flush() {
        writer.drain(BATCH, historyDatabase.database().isPresent(), log);
    }
}
