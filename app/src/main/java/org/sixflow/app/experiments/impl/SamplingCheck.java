// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.telemetry.report.ReportRules;
import org.sixflow.app.telemetry.report.ReportSampling;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether a device holds the telemetry sampling entries a reportSampling value asks for (those
 * of the classes it names; others may linger): the collector saw the device accept a sampling
 * that gives the device the same entries, or the flow store shows each of them ADDED. Never read
 * from the device through its driver: ONOS 2.7's P4Runtime driver deletes, as inconsistent,
 * every entry whose write is still in flight when it reads (seen on the lab's real ONOS).
 */
final class SamplingCheck {

    private SamplingCheck() {
    }

    /**
     * Tells whether the sampling is in place.
     *
     * @param device    the device
     * @param sampling  the reportSampling value wanted
     * @param confirmed the value the device last accepted, if known
     * @param entries   the flow store's entries of the device
     * @param appId     Sixflow's application id (the entries' owner)
     * @return true when every entry it asks for is on the device
     */
    static boolean inPlace(DeviceId device, String sampling, Optional<String> confirmed,
                           Iterable<FlowEntry> entries, ApplicationId appId) {
        List<FlowRule> wanted = ReportRules.sampling(device, ReportSampling.parse(sampling), appId);
        if (confirmed.isPresent()) {
            try {
                if (holds(ReportRules.sampling(device, ReportSampling.parse(confirmed.get()), appId), wanted)) {
                    return true;
                }
            } catch (IllegalArgumentException e) {
                // Not a sampling this version reads (an instance of another version wrote it): the store decides.
            }
        }
        List<FlowRule> added = new ArrayList<>();
        for (FlowEntry entry : entries) {
            if (entry.state() == FlowEntry.FlowEntryState.ADDED) {
                added.add(entry);
            }
        }
        return holds(added, wanted);
    }

    /** True when every wanted rule is among the entries: same table, match and action. */
    private static boolean holds(List<FlowRule> entries, List<FlowRule> wanted) {
        return wanted.stream().allMatch(rule -> entries.stream().anyMatch(
                entry -> entry.table().equals(rule.table()) && entry.selector().equals(rule.selector())
                        && entry.treatment().equals(rule.treatment())));
    }
}
