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
 * again after a refusal.
 *
 * <p>A class whose rate changes is removed and then added again (two stages), never modified
 * in place: ONOS 2.7's P4Runtime driver learns the new translation before it writes, and a flow
 * poll that reads the device in between finds the old entry "different from translation store",
 * deletes it and drops it from its mirror; the write then fails and later INSERTs meet
 * ALREADY_EXISTS (seen on the lab's real ONOS). An added entry cannot race that way: until it is
 * written the device has nothing to compare.
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
            boolean isWanted = missing.stream().anyMatch(entry::exactMatch);
            if (!isWanted) {
                // Another class, or the same class at another rate: removed before anything is added.
                stale.add(entry);
            } else if (entry.state() == FlowEntry.FlowEntryState.ADDED || !rewrite) {
                missing.removeIf(entry::exactMatch);
                allAdded &= entry.state() == FlowEntry.FlowEntryState.ADDED;
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
        stale.forEach(ops::remove);
        if (!stale.isEmpty() && !missing.isEmpty()) {
            ops.newStage();
        }
        missing.forEach(ops::add);
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
