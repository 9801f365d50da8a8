// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import com.google.common.collect.ImmutableList;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.group.GroupService;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.PacketTooBigService;
import org.sixflow.app.api.ReportSamplingService;
import org.sixflow.app.api.TelemetryAdminService;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.config.ComponentProperties;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.history.HistoryDatabaseService;
import org.sixflow.app.history.SampleWriter;
import org.sixflow.pipeconf.CloneSessions;
import org.sixflow.pipeconf.TimestampUnits;
import org.slf4j.Logger;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.onlab.util.Tools.groupedThreads;
import static org.sixflow.app.telemetry.report.OsgiPropertyConstants.REPORT_SAMPLING;
import static org.sixflow.app.telemetry.report.OsgiPropertyConstants.REPORT_SAMPLING_DEFAULT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_TELEMETRY_SAMPLING;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Collects per-packet telemetry reports: points each Sixflow device's telemetry clone session at
 * the controller and installs its telemetry_sampling entries (component property
 * reportSampling), on the instance that masters the device; turns report packet-ins into
 * latency samples, writes them to sixflow.latency_samples (buffered through database outages)
 * and posts one LATENCY_BATCH event per (device, class) each second. Says which sampling each
 * device holds once the device has answered the write ({@link ReportSamplingService}).
 */
@Component(immediate = true, service = ReportSamplingService.class, property = {
        REPORT_SAMPLING + "=" + REPORT_SAMPLING_DEFAULT,
})
public class TelemetryReportCollector implements ReportSamplingService {

    /** The cluster's map of confirmed sampling (device id → reportSampling text). */
    static final String CONFIRMED_MAP = "sixflow-report-sampling-confirmed";

    /** Most samples kept while the database is away. */
    static final int BUFFER_CAPACITY = 2_000_000;
    static final int BATCH = 20_000;
    static final Duration FLUSH_PERIOD = Duration.ofSeconds(1);

    private final Logger log = getLogger(getClass());
    private final DeviceListener deviceListener = new InternalDeviceListener();
    private final MastershipListener mastershipListener = new InternalMastershipListener();
    private final List<LatencySample> unannounced = new ArrayList<>();
    private final DeviceReportParsers parsers = new DeviceReportParsers(this::nanosPerTick);

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PacketService packetService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FlowRuleService flowRuleService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GroupService groupService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected TelemetryAdminService telemetryService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HistoryDatabaseService historyDatabase;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PacketTooBigService packetTooBigService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    /** Which classes report, how often: off, k, or class=k,… (see ReportSampling). */
    private volatile String reportSampling = REPORT_SAMPLING_DEFAULT;

    Clock clock = Clock.systemUTC();

    private volatile ReportSampling sampling = ReportSampling.parse(REPORT_SAMPLING_DEFAULT);
    /** What owners require of each device beyond the property (see require). */
    private final Map<DeviceId, Map<String, Map.Entry<LatencyClass, Integer>>> requirements =
            new ConcurrentHashMap<>();
    private ApplicationId appId;
    private ScheduledExecutorService executor;
    private SampleWriter writer;
    private TelemetryReportProcessor processor;
    private SamplingConfirmations confirmations;
    private SamplingWrites writes;

    @Activate
    protected void activate(ComponentContext context) {
        appId = coreService.registerApplication(SixflowConfigRegistrar.APP_NAME);
        confirmations = new SamplingConfirmations(storageService.<String, String>consistentMapBuilder()
                .withName(CONFIRMED_MAP).withSerializer(Serializer.using(KryoNamespaces.BASIC))
                .withApplicationId(appId).build().asJavaMap());
        componentConfigService.registerProperties(getClass());
        readProperties(context);
        writer = new SampleWriter(historyDatabase::database, BUFFER_CAPACITY);
        // Each report is read in its device's timestamp unit (µs on bmv2, ns on Tofino).
        processor = new TelemetryReportProcessor(this::parserOf, this::take, packetTooBigService::answer, clock);
        // An advisor, ahead of the host provider, which would learn the reports' zero source MAC.
        packetService.addProcessor(processor, PacketProcessor.advisor(0));
        executor = Executors.newSingleThreadScheduledExecutor(groupedThreads("sixflow/reports", "collector", log));
        writes = new SamplingWrites(flowRuleService, confirmations,
                                    (task, delay) -> executor.schedule(task, delay, TimeUnit.MILLISECONDS));
        executor.scheduleWithFixedDelay(this::flushAndAnnounce, FLUSH_PERIOD.toMillis(), FLUSH_PERIOD.toMillis(),
                                        TimeUnit.MILLISECONDS);
        deviceService.addListener(parsers);
        deviceService.addListener(deviceListener);
        mastershipService.addListener(mastershipListener);
        executor.execute(this::configureAll);
        log.info("Started (sampling {})", sampling);
    }

    @Modified
    protected void modified(ComponentContext context) {
        ReportSampling before = sampling;
        readProperties(context);
        if (!sampling.equals(before)) {
            executor.execute(this::configureAll);
            log.info("Reconfigured: sampling {}", sampling);
        }
    }

    @Deactivate
    protected void deactivate() {
        mastershipService.removeListener(mastershipListener);
        deviceService.removeListener(deviceListener);
        deviceService.removeListener(parsers);
        packetService.removeProcessor(processor);
        componentConfigService.unregisterProperties(getClass(), false);
        writes.clear();
        executor.shutdown();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        flushAndAnnounce();
        log.info("Stopped");
    }

    /** The processor, for tests and health. */
    TelemetryReportProcessor processor() {
        return processor;
    }

    /** The sample writer, for tests and health. */
    SampleWriter writer() {
        return writer;
    }

    /** The sampling in force. */
    ReportSampling sampling() {
        return sampling;
    }

    @Override
    public Optional<String> confirmedSampling(DeviceId deviceId) {
        return confirmations.confirmed(deviceId);
    }

    @Override
    public void require(String owner, DeviceId device, LatencyClass cls, int shift) {
        ReportSampling.checkShift(shift);
        Map.Entry<LatencyClass, Integer> need = Map.entry(cls, shift);
        Map.Entry<LatencyClass, Integer> before = requirements.computeIfAbsent(device, d -> new ConcurrentHashMap<>())
                .put(owner, need);
        if (!need.equals(before)) {
            executor.execute(() -> configure(device));
        }
    }

    @Override
    public void release(String owner, DeviceId device) {
        Map<String, Map.Entry<LatencyClass, Integer>> owners = requirements.get(device);
        if (owners != null && owners.remove(owner) != null) {
            executor.execute(() -> configure(device));
        }
    }

    /**
     * The sampling a device is written: the property's, with what owners require there.
     *
     * @param id the device
     * @return the property's text, or the text of the sampling the requirements make of it
     */
    String samplingText(DeviceId id) {
        ReportSampling base = sampling;
        ReportSampling at = base;
        for (Map.Entry<LatencyClass, Integer> need : requirements.getOrDefault(id, Map.of()).values()) {
            at = at.atLeast(id, need.getKey(), need.getValue());
        }
        return at.equals(base) ? reportSampling : at.toString();
    }

    private void readProperties(ComponentContext context) {
        ComponentProperties.text(context, REPORT_SAMPLING).ifPresent(text -> {
            try {
                sampling = ReportSampling.parse(text);
                reportSampling = text.trim();
            } catch (IllegalArgumentException e) {
                log.warn("{}: {}; keeping {}", REPORT_SAMPLING, e.getMessage(), reportSampling);
            }
        });
    }

    private Optional<TelemetryReportParser> parserOf(DeviceId id) {
        return parsers.of(id);
    }

    private Optional<Long> nanosPerTick(DeviceId id) {
        return pipeconfService.getPipeconf(id).flatMap(p -> TimestampUnits.nanosPerTick(p.id()));
    }

    private void take(LatencySample sample) {
        if (!writer.offer(sample)) {
            // Counted by the writer; say so at powers of two to keep the log readable.
            long dropped = writer.dropped();
            if (Long.bitCount(dropped) == 1) {
                log.warn("Sample buffer full: {} samples dropped so far", dropped);
            }
        }
        synchronized (unannounced) {
            unannounced.add(sample);
        }
    }

    /** Writes what is buffered and announces the samples taken since the last call. */
    void flushAndAnnounce() {
        List<LatencySample> taken;
        synchronized (unannounced) {
            taken = ImmutableList.copyOf(unannounced);
            unannounced.clear();
        }
        if (!taken.isEmpty()) {
            LatencyBatches.of(taken, clock.instant()).forEach(b -> telemetryService.post(TelemetryEvent.of(b)));
        }
        writer.drain(BATCH, historyDatabase.database().isPresent(), log);
    }

    /** Configures every device this instance should configure. */
    void configureAll() {
        for (Device device : deviceService.getAvailableDevices()) {
            configure(device.id());
        }
    }

    private void configure(DeviceId id) {
        Optional<PiPipeconf> pipeconf = pipeconfService.getPipeconf(id);
        boolean reports = pipeconf.isPresent() && TimestampUnits.nanosPerTick(pipeconf.get().id()).isPresent()
                && pipeconf.get().pipelineModel().table(SIXFLOW_EGRESS_TELEMETRY_SAMPLING).isPresent();
        if (!reports || !deviceService.isAvailable(id) || !mastershipService.isLocalMaster(id)) {
            writes.forget(id);
            return;
        }
        try {
            if (groupService.getGroup(id, ReportRules.CLONE_KEY) == null) {
                groupService.addGroup(ReportRules.cloneSession(
                        id, appId, CloneSessions.telemetryTruncate(pipeconf.get().id()).orElseThrow()));
            }
            Optional<Integer> tooBig = CloneSessions.tooBigSession(pipeconf.get().id());
            if (tooBig.isPresent() && groupService.getGroup(id, ReportRules.sessionKey(tooBig.get())) == null) {
                groupService.addGroup(ReportRules.tooBigSession(id, appId, tooBig.get()));
            }
            String text = samplingText(id);
            List<FlowEntry> current = new ArrayList<>();
            for (FlowEntry entry : flowRuleService.getFlowEntriesById(appId)) {
                if (entry.deviceId().equals(id) && SIXFLOW_EGRESS_TELEMETRY_SAMPLING.equals(entry.table())) {
                    current.add(entry);
                }
            }
            writes.apply(id, text, ReportRules.sampling(id, ReportSampling.parse(text), appId), current,
                         this::configure);
        } catch (RuntimeException e) {
            log.warn("Cannot configure telemetry reports on {}: {}", id, e.getMessage());
        }
    }

    private class InternalDeviceListener implements DeviceListener {
        @Override
        public boolean isRelevant(DeviceEvent event) {
            return event.type() == DeviceEvent.Type.DEVICE_ADDED || event.type() == DeviceEvent.Type.DEVICE_REMOVED
                    || event.type() == DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED;
        }

        @Override
        public void event(DeviceEvent event) {
            DeviceId id = event.subject().id();
            executor.execute(() -> {
                if (event.type() == DeviceEvent.Type.DEVICE_REMOVED || !deviceService.isAvailable(id)) {
                    // A device that comes back may have lost its entries: known again once written.
                    confirmations.forget(id);
                    writes.forget(id);
                } else {
                    configure(id);
                }
            });
        }
    }

    private class InternalMastershipListener implements MastershipListener {
        @Override
        public void event(MastershipEvent event) {
            if (event.type() == MastershipEvent.Type.MASTER_CHANGED) {
                DeviceId id = event.subject();
                executor.execute(() -> configure(id));
            }
        }
    }
}
