// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.junit.Test;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowEntry.FlowEntryState;
import org.sixflow.app.telemetry.report.ReportRules;
import org.sixflow.app.telemetry.report.ReportSampling;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * When an experiment may start sending: its device holds the sampling it asked for, as the
 * collector's confirmation or the flow store says.
 */
public class SamplingCheckTest {

    private static final ApplicationId APP = TestApplicationId.create("org.sixflow.app");
    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final String WANTED = "ipv6=10,apn6-insert=10,ipv6=0@device:beijing,apn6-insert=0@device:beijing";

    private static List<FlowEntry> store(String sampling, FlowEntryState state) {
        return ReportRules.sampling(BEIJING, ReportSampling.parse(sampling), APP).stream()
                .map(rule -> (FlowEntry) new DefaultFlowEntry(rule, state)).collect(Collectors.toList());
    }

    @Test
    public void aConfirmationGivingTheDeviceTheSameEntriesIsEnough() {
        assertTrue(SamplingCheck.inPlace(BEIJING, WANTED, Optional.of(WANTED), List.of(), APP));
        // Written differently, same entries on beijing (the other devices' rates do not matter here).
        assertTrue(SamplingCheck.inPlace(BEIJING, WANTED, Optional.of("ipv6=0,apn6-insert=0,ipv6=3@device:nanjing"),
                                         store("ipv6=10", FlowEntryState.PENDING_ADD), APP));
    }

    @Test
    public void aConfirmationOfOtherRatesIsNot() {
        assertFalse(SamplingCheck.inPlace(BEIJING, WANTED, Optional.of("ipv6=10,apn6-insert=10"),
                                          store(WANTED, FlowEntryState.PENDING_ADD), APP));
    }

    @Test
    public void withoutAConfirmationTheStoreMustShowEachEntryAdded() {
        assertFalse("pending, as ONOS 2.7 keeps them until its poll",
                    SamplingCheck.inPlace(BEIJING, WANTED, Optional.empty(), store(WANTED, FlowEntryState.PENDING_ADD),
                                          APP));
        assertTrue(SamplingCheck.inPlace(BEIJING, WANTED, Optional.empty(), store(WANTED, FlowEntryState.ADDED), APP));
        assertFalse("the old rates, modified in place but not yet polled",
                    SamplingCheck.inPlace(BEIJING, WANTED, Optional.empty(), store("10", FlowEntryState.ADDED), APP));
    }

    @Test
    public void aConfirmationThisVersionCannotReadLeavesItToTheStore() {
        assertTrue(SamplingCheck.inPlace(BEIJING, WANTED, Optional.of("every other packet"),
                                         store(WANTED, FlowEntryState.ADDED), APP));
        assertFalse(SamplingCheck.inPlace(BEIJING, WANTED, Optional.of("every other packet"), List.of(), APP));
    }
}
