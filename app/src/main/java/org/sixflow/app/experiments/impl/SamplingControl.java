// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cfg.ConfigProperty;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.telemetry.report.ReportSampling;
import org.sixflow.app.telemetry.report.TelemetryReportCollector;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.sixflow.app.telemetry.report.OsgiPropertyConstants.REPORT_SAMPLING;
import static org.sixflow.app.telemetry.report.OsgiPropertyConstants.REPORT_SAMPLING_DEFAULT;

/**
 * Sets the telemetry collector's reportSampling (as `cfg set` would, so every instance of a
 * cluster applies it to the devices it masters) to report every packet of the classes running
 * experiments measure, keeping the rates of the other classes, and puts back the value it found
 * once the last run is over. Runs measuring at once share it: the classes are their union.
 */
final class SamplingControl {

    static final String COMPONENT = TelemetryReportCollector.class.getName();

    private final ComponentConfigService config;
    private final Map<Long, Set<LatencyClass>> runs = new HashMap<>();
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
     * @param runId   the run
     * @param classes its classes
     * @return the sampling in force before any run changed it, and the sampling now
     */
    synchronized String[] acquire(long runId, Set<LatencyClass> classes) {
        if (runs.isEmpty()) {
            before = current();
        }
        runs.put(runId, EnumSet.copyOf(classes));
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
        Set<LatencyClass> all = runs.values().stream().flatMap(Set::stream)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(LatencyClass.class)));
        return merge(before, all);
    }

    /**
     * Returns a sampling that reports every packet of some classes and keeps the others' rates.
     *
     * @param base    the sampling to start from
     * @param classes the classes to report in full
     * @return the property value
     */
    static String merge(String base, Set<LatencyClass> classes) {
        SortedMap<LatencyClass, Integer> shifts;
        try {
            shifts = new TreeMap<>(ReportSampling.parse(base).shifts());
        } catch (IllegalArgumentException e) {
            shifts = new TreeMap<>();
        }
        for (LatencyClass c : classes) {
            shifts.put(c, 0);
        }
        if (shifts.isEmpty()) {
            return "off";
        }
        return shifts.entrySet().stream().map(e -> e.getKey().label() + "=" + e.getValue())
                .collect(Collectors.joining(","));
    }
}
