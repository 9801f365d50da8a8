// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.ports;

import org.onosproject.net.DeviceId;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.api.PortStatistics;
import org.sixflow.app.api.TelemetryAdminService;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.history.HistoryDatabaseService;
import org.sixflow.app.history.PortCounterWriter;
import org.slf4j.Logger;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where a port counter collector's readings go, whichever way they were read (gNMI, or ONOS's
 * own port statistics): buffered for sixflow.port_counters, and announced as PORT_COUNTERS
 * events with the rates since the port's previous reading.
 */
public final class PortCounterSink {

    /** Most readings kept while the database is away (about a day of 100 ports at 10 s). */
    public static final int BUFFER_CAPACITY = 1_000_000;
    static final int BATCH = 5_000;

    private final Map<String, PortCounters> previous = new ConcurrentHashMap<>();
    private final TelemetryAdminService telemetry;
    private final HistoryDatabaseService history;
    private final PortCounterWriter writer;
    private final Logger log;

    /**
     * Creates a sink.
     *
     * @param telemetry where events are posted
     * @param history   the history database
     * @param capacity  readings buffered at most
     * @param log       the collector's log
     */
    public PortCounterSink(TelemetryAdminService telemetry, HistoryDatabaseService history, int capacity, Logger log) {
        this.telemetry = telemetry;
        this.history = history;
        this.writer = new PortCounterWriter(history::database, capacity);
        this.log = log;
    }

    /**
     * Takes a device's readings: stores them and announces each port's new counters and rates.
     *
     * @param device   the device
     * @param readings its ports' counters
     */
    public void take(DeviceId device, List<PortCounters> readings) {
        int lost = writer.offer(readings);
        if (lost > 0) {
            log.warn("Port counter buffer full: {} readings of {} dropped", lost, device);
        }
        for (PortCounters reading : readings) {
            PortCounters before = previous.put(device + "/" + reading.port(), reading);
            Optional<PortCounters> earlier = Optional.ofNullable(before).filter(b -> b.time().isBefore(reading.time()));
            telemetry.post(TelemetryEvent.of(PortStatistics.of(reading, earlier)));
        }
    }

    /** Writes what is buffered to the database (when there is one). */
    public void flush() {
        writer.drain(BATCH, history.database().isPresent(), log);
    }

    /**
     * The writer, for tests and health.
     *
     * @return the writer
     */
    public PortCounterWriter writer() {
        return writer;
    }
}
