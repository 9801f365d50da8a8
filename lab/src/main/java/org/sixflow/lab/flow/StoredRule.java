// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.flow;

import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.runtime.PiTableEntry;

import java.util.concurrent.TimeUnit;

/**
 * A flow rule as the lab's flow store holds it: the rule, its state, and the table entry it has
 * on the device (null while it has none).
 */
final class StoredRule {

    final FlowRule rule;
    private final long created = System.currentTimeMillis();
    private volatile FlowEntry.FlowEntryState state;
    private volatile PiTableEntry onDevice;
    private volatile String failure;

    StoredRule(FlowRule rule, FlowEntry.FlowEntryState state, PiTableEntry onDevice) {
        this.rule = rule;
        this.state = state;
        this.onDevice = onDevice;
    }

    FlowEntry.FlowEntryState state() {
        return state;
    }

    PiTableEntry onDevice() {
        return onDevice;
    }

    /** Why the device refused the rule, when it is FAILED. */
    String failure() {
        return failure;
    }

    void installed(PiTableEntry entry) {
        onDevice = entry;
        failure = null;
        state = FlowEntry.FlowEntryState.ADDED;
    }

    void failed(String reason) {
        failure = reason;
        state = FlowEntry.FlowEntryState.FAILED;
    }

    void pending(FlowEntry.FlowEntryState pendingState) {
        state = pendingState;
    }

    /** The device lost its entries (pipeline pushed again). */
    void wiped() {
        onDevice = null;
        state = FlowEntry.FlowEntryState.PENDING_ADD;
    }

    FlowEntry entry() {
        return new DefaultFlowEntry(rule, state, System.currentTimeMillis() - created, TimeUnit.MILLISECONDS, 0, 0);
    }
}
