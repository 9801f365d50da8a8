// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The report parser of each device (its target's timestamp unit), looked up once per device and
 * forgotten at the device's next event. ONOS keeps a device's pipeconf in a distributed map whose
 * every read serialises a request: read once per report, at 500 reports a second, those reads
 * held ONOS's packet workers more than parsing did and bmv2's reports queued behind them (a
 * thread dump of the bng lab under the experiment runner, 2026-11-30). A device whose pipeconf
 * changes is added, updated or made available again, and is looked up afresh then.
 */
public final class DeviceReportParsers implements DeviceListener {

    private static final Set<DeviceEvent.Type> CHANGES = Set.of(
            DeviceEvent.Type.DEVICE_ADDED, DeviceEvent.Type.DEVICE_UPDATED, DeviceEvent.Type.DEVICE_REMOVED,
            DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED);

    private final Function<DeviceId, Optional<Long>> nanosPerTick;
    private final Map<Long, TelemetryReportParser> parsers = new ConcurrentHashMap<>();
    private final Map<DeviceId, Optional<TelemetryReportParser>> byDevice = new ConcurrentHashMap<>();

    /**
     * Creates the cache over a lookup.
     *
     * @param nanosPerTick a device's timestamp unit from its pipeconf; empty for a device without
     *                     Sixflow's reports (or no pipeconf yet)
     */
    public DeviceReportParsers(Function<DeviceId, Optional<Long>> nanosPerTick) {
        this.nanosPerTick = nanosPerTick;
    }

    /**
     * Returns a device's report parser.
     *
     * @param device the device
     * @return the parser; empty for a device without Sixflow's reports
     */
    public Optional<TelemetryReportParser> of(DeviceId device) {
        return byDevice.computeIfAbsent(device, d -> nanosPerTick.apply(d)
                .map(nanos -> parsers.computeIfAbsent(nanos, TelemetryReportParser::new)));
    }

    /**
     * Forgets what a device's parser was: looked up again at its next report.
     *
     * @param device the device
     */
    public void forget(DeviceId device) {
        byDevice.remove(device);
    }

    @Override
    public boolean isRelevant(DeviceEvent event) {
        return CHANGES.contains(event.type());
    }

    @Override
    public void event(DeviceEvent event) {
        forget(event.subject().id());
    }
}
