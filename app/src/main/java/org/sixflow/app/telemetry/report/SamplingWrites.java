// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;
import org.sixflow.app.impl.Retries;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Brings a device's telemetry_sampling entries to what a reportSampling value asks, and tries
 * again after a refusal. A class whose rate changes is modified in place (same match, a new
 * mask): on bmv2 that needs the driver {@code sixflow-bmv2}, as ONOS's own {@code bmv2} driver
 * loses such entries from its mirror (see SixflowBmv2Driver), which is how the lab's first
 * real-ONOS runs met ALREADY_EXISTS here.
 *
 * <p>ONOS keeps a refused entry in its store as PENDING_ADD and writes it again only on its own
 * poll, so a device that refused gets its entries written again after a backoff (1 s doubling to
 * 60 s), from the flow store as it is then, until it accepts.
 */
final class SamplingWrites {

    static final long FIRST_RETRY_MILLIS = 1_000;
    static final long MAX_RETRY_MILLIS = 60_000;

    private final Logger log = getLogger(TelemetryReportCollector.class);
    private final FlowRuleService flowRules;
    private final SamplingConfirmations confirmations;
    private final Retries<DeviceId> retries;
    private final Set<DeviceId> refused = ConcurrentHashMap.newKeySet();

    /**
     * Creates the writer.
     *
     * @param flowRules     ONOS's flow rules
     * @param confirmations what each device is known to hold
     * @param timer         runs the retries
     */
    SamplingWrites(FlowRuleService flowRules, SamplingConfirmations confirmations, Retries.Timer timer) {
        this.flowRules = flowRules;
        this.confirmations = confirmations;
        this.retries = new Retries<>(timer, FIRST_RETRY_MILLIS, MAX_RETRY_MILLIS);
    }

    /**
     * Compares the device's sampling entries in the flow store with those wanted and writes the
     * difference; confirms the sampling when nothing is to be written and every entry is ADDED.
     *
     * @param id      the device
     * @param text    the reportSampling value the entries stand for
     * @param wanted  its entries on the device
     * @param current the flow store's sampling entries of the device
     * @param retry   configures the device again (a refused write's retry)
     */
    void apply(DeviceId id, String text, List<FlowRule> wanted, Iterable<FlowEntry> current,
               Consumer<DeviceId> retry) {
        List<FlowRule> stale = new ArrayList<>();
        List<FlowRule> missing = new ArrayList<>(wanted);
        boolean rewrite = refused.contains(id);
        boolean allAdded = true;
        for (FlowEntry entry : current) {
            if (missing.stream().anyMatch(entry::exactMatch)) {
                if (entry.state() == FlowEntry.FlowEntryState.ADDED || !rewrite) {
                    missing.removeIf(entry::exactMatch);
                    allAdded &= entry.state() == FlowEntry.FlowEntryState.ADDED;
                }
            } else if (wanted.stream().noneMatch(w -> w.selector().equals(entry.selector()))) {
                // A class no longer sampled. One sampled at another rate is modified in place by the add.
                stale.add(entry);
            }
        }
        if (stale.isEmpty() && missing.isEmpty()) {
            if (allAdded) {
                confirmations.inPlace(id, text);
            }
            return;
        }
        write(id, text, missing, stale, retry);
    }

    /**
     * Forgets a device (gone, or mastered elsewhere): no retry.
     *
     * @param id the device
     */
    void forget(DeviceId id) {
        refused.remove(id);
        retries.reset(id);
    }

    /** Cancels every retry (deactivation). */
    void clear() {
        retries.clear();
        refused.clear();
    }

    private void write(DeviceId id, String text, List<FlowRule> missing, List<FlowRule> stale,
                       Consumer<DeviceId> retry) {
        retries.cancel(id);
        long token = confirmations.writing(id);
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        missing.forEach(ops::add);
        stale.forEach(ops::remove);
        flowRules.apply(ops.build(new FlowRuleOperationsContext() {
            @Override
            public void onSuccess(FlowRuleOperations done) {
                refused.remove(id);
                int failures = retries.reset(id);
                if (failures > 0) {
                    log.info("{} accepted telemetry sampling {} after {} refused writes", id, text, failures);
                }
                confirmations.written(id, token, text);
            }

            @Override
            public void onError(FlowRuleOperations failed) {
                confirmations.refused(id, token);
                refused.add(id);
                long delay = retries.failed(id, () -> retry.accept(id));
                log.warn("{} refused telemetry sampling {}; writing it again in {} ms", id, text, delay);
            }
        }));
    }
}
