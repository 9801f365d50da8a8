// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cfg.ConfigProperty;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.telemetry.report.ReportSampling;
import org.sixflow.app.telemetry.report.TelemetryReportCollector;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.sixflow.app.telemetry.report.OsgiPropertyConstants.REPORT_SAMPLING;
import static org.sixflow.app.telemetry.report.OsgiPropertyConstants.REPORT_SAMPLING_DEFAULT;

/**
 * Sets the telemetry collector's reportSampling (as `cfg set` would, so every instance of a
 * cluster applies it to the devices it masters) to report every packet of the classes running
 * experiments measure, keeping the rates of the other classes, and puts back the value it found
 * once the last run is over. A run's own classes are reported in full at its ingress device
 * only, where its results are read ("class=0@device"): the other routers on the probes' path
 * would report them too, three reports a probe on the lab, which loaded its two cores enough to
 * queue the probes. The classes of the places its packets go on to (APN6 transit, MSR6
 * replication and decapsulation: the stages) are reported in full on every device. Runs measuring
 * at once share it: the classes are their union.
 */
final class SamplingControl {

    static final String COMPONENT = TelemetryReportCollector.class.getName();

    /** What one run has reported in full: its own classes at its ingress device, others everywhere. */
    private static final class Claim {
        final DeviceId ingress;
        final Set<LatencyClass> measured;
        final Set<LatencyClass> everywhere;

        Claim(DeviceId ingress, Set<LatencyClass> measured, Set<LatencyClass> everywhere) {
            this.ingress = ingress;
            this.measured = Set.copyOf(measured);
            this.everywhere = Set.copyOf(everywhere);
        }
    }

    private final ComponentConfigService config;
    private final Map<Long, Claim> runs = new HashMap<>();
    private String before;

    SamplingControl(ComponentConfigService config) {
        this.config = config;
    }

    /**
     * Returns the sampling in force.
     *
     * @return the property's value, or its default
     */
    String current() {
        ConfigProperty property = config.getProperty(COMPONENT, REPORT_SAMPLING);
        return Optional.ofNullable(property).map(ConfigProperty::value).orElse(REPORT_SAMPLING_DEFAULT);
    }

    /**
     * Reports every packet of a run's classes, from now until {@link #release}.
     *
     * @param runId      the run
     * @param ingress    its ingress device, where its classes are measured
     * @param measured   its classes, reported in full at the ingress device
     * @param everywhere classes reported in full on every device (where its packets go on to)
     * @return the sampling in force before any run changed it, and the sampling now
     */
    synchronized String[] acquire(long runId, DeviceId ingress, Set<LatencyClass> measured,
                                  Set<LatencyClass> everywhere) {
        if (runs.isEmpty()) {
            before = current();
        }
        runs.put(runId, new Claim(ingress, measured, everywhere));
        String now = merged();
        config.setProperty(COMPONENT, REPORT_SAMPLING, now);
        return new String[]{before, now};
    }

    /**
     * Ends a run's claim; the last one puts the sampling it found back.
     *
     * @param runId the run
     */
    synchronized void release(long runId) {
        if (runs.remove(runId) == null) {
            return;
        }
        config.setProperty(COMPONENT, REPORT_SAMPLING, runs.isEmpty() ? before : merged());
    }

    /**
     * Puts back what an orphaned run (its instance went away) found, unless runs here hold it.
     *
     * @param value the sampling the run recorded
     */
    synchronized void restoreOrphaned(String value) {
        if (runs.isEmpty() && value != null) {
            config.setProperty(COMPONENT, REPORT_SAMPLING, value);
        }
    }

    private String merged() {
        Map<DeviceId, Set<LatencyClass>> atDevices = new HashMap<>();
        Set<LatencyClass> everywhere = EnumSet.noneOf(LatencyClass.class);
        for (Claim claim : runs.values()) {
            atDevices.computeIfAbsent(claim.ingress, d -> EnumSet.noneOf(LatencyClass.class)).addAll(claim.measured);
            everywhere.addAll(claim.everywhere);
        }
        return merge(before, atDevices, everywhere);
    }

    /**
     * Returns a sampling that reports every packet of some classes on some devices and of others
     * everywhere, and keeps the rates of the rest.
     *
     * @param base       the sampling to start from (a bad one counts as none)
     * @param atDevices  classes to report in full, by the device that reports them
     * @param everywhere classes to report in full on every device
     * @return the property value
     */
    static String merge(String base, Map<DeviceId, Set<LatencyClass>> atDevices, Set<LatencyClass> everywhere) {
        Map<LatencyClass, Integer> shifts;
        Map<DeviceId, Map<LatencyClass, Integer>> devices = new HashMap<>();
        try {
            ReportSampling parsed = ReportSampling.parse(base);
            shifts = new HashMap<>(parsed.shifts());
            parsed.deviceShifts().forEach((d, m) -> devices.put(d, new HashMap<>(m)));
        } catch (IllegalArgumentException e) {
            shifts = new HashMap<>();
        }
        for (LatencyClass c : everywhere) {
            shifts.put(c, 0);
            devices.values().forEach(m -> m.remove(c));
        }
        for (Map.Entry<DeviceId, Set<LatencyClass>> e : atDevices.entrySet()) {
            for (LatencyClass c : e.getValue()) {
                if (!Integer.valueOf(0).equals(shifts.get(c))) {
                    devices.computeIfAbsent(e.getKey(), d -> new HashMap<>()).put(c, 0);
                }
            }
        }
        return ReportSampling.of(shifts, devices).toString();
    }
}
