// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.ports;

import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.device.PortStatistics;
import org.onosproject.net.intent.WorkPartitionService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.api.TelemetryAdminService;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.history.HistoryDatabaseService;
import org.sixflow.app.impl.Masters;
import org.slf4j.Logger;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Port counters of the devices Sixflow does not read over gNMI (no gnmiAddress in their netcfg),
 * from ONOS's own port statistics: on bmv2 those are the pipeline's port counters
 * (PortCounterStatistics, polled by ONOS's device provider), on another driver whatever it
 * reads. Taken when ONOS says a device's statistics were updated, on the one instance that
 * reads the device ({@link Masters}), into the same history and events as gNMI's.
 */
@Component(immediate = true)
public class OnosPortCounterCollector {

    private final Logger log = getLogger(getClass());
    private final DeviceListener deviceListener = new InternalDeviceListener();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

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

    Clock clock = Clock.systemUTC();

    private ExecutorService reader;
    private ScheduledExecutorService flusher;
    private PortCounterSink sink;

    @Activate
    protected void activate() {
        sink = new PortCounterSink(telemetryService, historyDatabase, PortCounterSink.BUFFER_CAPACITY, log);
        // One thread: a device's readings are taken in the order ONOS updated them.
        reader = Executors.newSingleThreadExecutor(groupedThreads("sixflow/ports", "reader", log));
        flusher = Executors.newSingleThreadScheduledExecutor(groupedThreads("sixflow/ports", "flush", log));
        flusher.scheduleWithFixedDelay(sink::flush, 1, 1, TimeUnit.SECONDS);
        deviceService.addListener(deviceListener);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        deviceService.removeListener(deviceListener);
        reader.shutdown();
        flusher.shutdown();
        try {
            reader.awaitTermination(5, TimeUnit.SECONDS);
            flusher.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sink.flush();
        log.info("Stopped");
    }

    /**
     * The sink, for tests.
     *
     * @return the sink
     */
    PortCounterSink sink() {
        return sink;
    }

    /**
     * Reads a device's statistics now, as an update would, for tests.
     *
     * @param device the device
     */
    void take(DeviceId device) {
        if (!readsHere(device) || readOverGnmi(device)) {
            return;
        }
        List<PortStatistics> statistics = deviceService.getPortStatistics(device);
        if (statistics == null || statistics.isEmpty()) {
            return;
        }
        List<PortCounters> readings = OnosPortCounters.of(device, statistics, deviceService.getPorts(device),
                                                          clock.instant());
        sink.take(device, readings);
    }

    private boolean readsHere(DeviceId device) {
        return Masters.readsHere(mastershipService, workPartitionService, device);
    }

    // The gNMI collector reads it: its counters are the device's own, and one source per port.
    private boolean readOverGnmi(DeviceId device) {
        try {
            return SixflowDeviceConfig.gnmiAddressOf(configService, device).isPresent();
        } catch (RuntimeException e) {
            return false; // a bad address: the gNMI collector says so and reads nothing
        }
    }

    private class InternalDeviceListener implements DeviceListener {
        @Override
        public boolean isRelevant(DeviceEvent event) {
            return event.type() == DeviceEvent.Type.PORT_STATS_UPDATED;
        }

        @Override
        public void event(DeviceEvent event) {
            DeviceId device = event.subject().id();
            try {
                reader.execute(() -> {
                    try {
                        take(device);
                    } catch (RuntimeException e) {
                        log.warn("Port statistics of {} not taken: {}", device, e.getMessage());
                    }
                });
            } catch (RejectedExecutionException e) {
                log.debug("Not taking port statistics of {}: stopping", device);
            }
        }
    }
}
