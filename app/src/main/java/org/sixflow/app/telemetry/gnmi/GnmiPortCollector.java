// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.grpc.api.GrpcChannelController;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.intent.WorkPartitionEvent;
import org.onosproject.net.intent.WorkPartitionEventListener;
import org.onosproject.net.intent.WorkPartitionService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.TelemetryAdminService;
import org.sixflow.app.config.ComponentProperties;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.history.HistoryDatabaseService;
import org.sixflow.app.history.PortCounterWriter;
import org.sixflow.app.telemetry.ports.PortCounterSink;
import org.sixflow.app.impl.Masters;
import org.slf4j.Logger;

import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.onlab.util.Tools.groupedThreads;
import static org.sixflow.app.telemetry.gnmi.OsgiPropertyConstants.GNMI_INTERVAL;
import static org.sixflow.app.telemetry.gnmi.OsgiPropertyConstants.GNMI_INTERVAL_DEFAULT;
import static org.sixflow.app.telemetry.gnmi.OsgiPropertyConstants.GNMI_MODE;
import static org.sixflow.app.telemetry.gnmi.OsgiPropertyConstants.GNMI_MODE_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Reads OpenConfig port counters over gNMI from every device whose netcfg names a gnmiAddress,
 * on one instance: the device's master, or for a device no instance masters, the instance whose
 * work partition it falls in ({@link Masters}). Stores them in sixflow.port_counters and posts
 * PORT_COUNTERS events with rates since the previous reading. Netcfg, mastership and partition
 * events only ask for a reconciliation: opening and closing channels happens on the collector's
 * own thread, never on an ONOS event thread.
 * Component properties: gnmiMode ("subscribe", SAMPLE mode, or "poll", Get) and
 * gnmiIntervalSeconds (seconds between samples or polls); see {@link OsgiPropertyConstants}.
 */
@Component(immediate = true, property = {
        GNMI_MODE + "=" + GNMI_MODE_DEFAULT,
        GNMI_INTERVAL + ":Integer=" + GNMI_INTERVAL_DEFAULT,
})
public class GnmiPortCollector {

    static final Duration FLUSH_PERIOD = Duration.ofSeconds(1);

    private final Logger log = getLogger(getClass());
    private final NetworkConfigListener configListener = new InternalConfigListener();
    private final MastershipListener mastershipListener = new InternalMastershipListener();
    private final WorkPartitionEventListener partitionListener = new InternalPartitionListener();
    private final Map<DeviceId, Running> sessions = new HashMap<>();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected WorkPartitionService workPartitionService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected TelemetryAdminService telemetryService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HistoryDatabaseService historyDatabase;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GrpcChannelController channelController;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    /** Where channels come from; tests put in-process channels here before activating. */
    GnmiChannels channels;
    /** Backoff of reconnections; tests shorten it. */
    Duration initialBackoff = Duration.ofSeconds(1);
    Duration maxBackoff = Duration.ofSeconds(60);
    Clock clock = Clock.systemUTC();

    /** How counters are read: subscribe (gNMI Subscribe, SAMPLE mode) or poll (gNMI Get). */
    private String gnmiMode = GNMI_MODE_DEFAULT;

    /** Seconds between samples or polls, 1..3600. */
    private int gnmiIntervalSeconds = GNMI_INTERVAL_DEFAULT;

    private volatile GnmiSession.Mode mode = GnmiSession.Mode.SUBSCRIBE;
    private volatile Duration interval = Duration.ofSeconds(GNMI_INTERVAL_DEFAULT);
    private ScheduledExecutorService scheduler;
    // One thread that starts and stops sessions, in the order events asked for it.
    private ExecutorService reconciler;
    private PortCounterSink sink;

    @Activate
    protected void activate(ComponentContext context) {
        if (channels == null) {
            channels = new OnosGnmiChannels(channelController);
        }
        componentConfigService.registerProperties(getClass());
        readProperties(context);
        scheduler = Executors.newScheduledThreadPool(2, groupedThreads("sixflow/gnmi", "collector-%d", log));
        reconciler = Executors.newSingleThreadExecutor(groupedThreads("sixflow/gnmi", "reconciler", log));
        sink = new PortCounterSink(telemetryService, historyDatabase, PortCounterSink.BUFFER_CAPACITY, log);
        scheduler.scheduleWithFixedDelay(sink::flush, FLUSH_PERIOD.toMillis(), FLUSH_PERIOD.toMillis(),
                                         TimeUnit.MILLISECONDS);
        configService.addListener(configListener);
        mastershipService.addListener(mastershipListener);
        workPartitionService.addListener(partitionListener);
        requestReconcile();
        log.info("Started ({} every {} s)", mode, interval.getSeconds());
    }

    @Modified
    protected void modified(ComponentContext context) {
        readProperties(context);
        reconciler.execute(() -> {
            synchronized (this) {
                sessions.keySet().forEach(this::stopSession);
                sessions.clear();
            }
            reconcile();
            log.info("Reconfigured: {} every {} s", mode, interval.getSeconds());
        });
    }

    @Deactivate
    protected void deactivate() {
        workPartitionService.removeListener(partitionListener);
        mastershipService.removeListener(mastershipListener);
        configService.removeListener(configListener);
        componentConfigService.unregisterProperties(getClass(), false);
        reconciler.shutdown();
        try {
            reconciler.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            sessions.keySet().forEach(this::stopSession);
            sessions.clear();
        }
        scheduler.shutdown();
        try {
            scheduler.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sink.flush();
        log.info("Stopped");
    }

    /**
     * Returns the devices being read now.
     *
     * @return device ids
     */
    synchronized Set<DeviceId> devices() {
        return Set.copyOf(sessions.keySet());
    }

    /**
     * Waits until every reconciliation asked for so far has run, for tests.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    void awaitReconciled() throws InterruptedException {
        try {
            reconciler.submit(() -> { }).get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /** The writer of port counter rows, for tests and health. */
    PortCounterWriter writer() {
        return sink.writer();
    }

    private void readProperties(ComponentContext context) {
        ComponentProperties.text(context, GNMI_MODE).ifPresent(modeText -> {
            if (modeText.trim().equalsIgnoreCase("poll")) {
                mode = GnmiSession.Mode.POLL;
                gnmiMode = "poll";
            } else if (modeText.trim().equalsIgnoreCase("subscribe")) {
                mode = GnmiSession.Mode.SUBSCRIBE;
                gnmiMode = "subscribe";
            } else {
                log.warn("{} must be subscribe or poll, not \"{}\"; keeping {}", GNMI_MODE, modeText, mode);
            }
        });
        gnmiIntervalSeconds = ComponentProperties.seconds(context, GNMI_INTERVAL, gnmiIntervalSeconds, log);
        interval = Duration.ofSeconds(gnmiIntervalSeconds);
    }

    // From event threads: never open or close a channel there.
    private void requestReconcile() {
        try {
            reconciler.execute(this::reconcile);
        } catch (RejectedExecutionException e) {
            log.debug("Not reconciling: the collector is stopping");
        }
    }

    /** Starts and stops sessions so that they match netcfg, mastership and work partitions. */
    private synchronized void reconcile() {
        Map<DeviceId, String> wanted = new HashMap<>();
        for (DeviceId id : configService.getSubjects(DeviceId.class, SixflowDeviceConfig.class)) {
            gnmiAddress(id).filter(a -> readsHere(id)).ifPresent(address -> wanted.put(id, address));
        }
        for (DeviceId id : Set.copyOf(sessions.keySet())) {
            if (!Objects.equals(wanted.get(id), sessions.get(id).address)) {
                stopSession(id);
                sessions.remove(id);
            }
        }
        wanted.forEach((id, address) -> {
            if (!sessions.containsKey(id)) {
                startSession(id, address);
            }
        });
    }

    private Optional<String> gnmiAddress(DeviceId id) {
        try {
            return SixflowDeviceConfig.gnmiAddressOf(configService, id);
        } catch (RuntimeException e) {
            log.warn("Not reading counters of {}: {}", id, e.getMessage());
            return Optional.empty();
        }
    }

    private boolean readsHere(DeviceId id) {
        return Masters.readsHere(mastershipService, workPartitionService, id);
    }

    private void startSession(DeviceId id, String address) {
        try {
            GnmiCounterClient client = new GnmiCounterClient(id, channels.open(id, address), clock);
            GnmiSession session = new GnmiSession(id, client, mode, interval, scheduler,
                                                  readings -> sink.take(id, readings),
                                                  new Backoff(initialBackoff, maxBackoff));
            sessions.put(id, new Running(address, session));
            session.start();
            log.info("Reading port counters of {} at {} ({})", id, address, mode);
        } catch (RuntimeException e) {
            log.warn("Cannot open gNMI channel to {} at {}: {}", id, address, e.getMessage());
        }
    }

    private void stopSession(DeviceId id) {
        Running running = sessions.get(id);
        if (running != null) {
            running.session.stop();
            try {
                channels.close(id, running.address);
            } catch (RuntimeException e) {
                log.debug("Closing the gNMI channel of {}: {}", id, e.getMessage());
            }
        }
    }

    /** A session and the address it reads. */
    private static final class Running {
        private final String address;
        private final GnmiSession session;

        Running(String address, GnmiSession session) {
            this.address = address;
            this.session = session;
        }
    }

    private class InternalConfigListener implements NetworkConfigListener {
        @Override
        public boolean isRelevant(NetworkConfigEvent event) {
            return event.configClass().equals(SixflowDeviceConfig.class);
        }

        @Override
        public void event(NetworkConfigEvent event) {
            requestReconcile();
        }
    }

    private class InternalMastershipListener implements MastershipListener {
        @Override
        public void event(MastershipEvent event) {
            requestReconcile();
        }
    }

    // A partition that changed hands moves the master-less devices in it.
    private class InternalPartitionListener implements WorkPartitionEventListener {
        @Override
        public void event(WorkPartitionEvent event) {
            requestReconcile();
        }
    }
}
