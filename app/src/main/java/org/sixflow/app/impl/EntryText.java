// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.PiInstruction;

import java.util.stream.Collectors;

/**
 * Entries as people read them in the details of trees, policies and tunnels, and in refusals.
 */
public final class EntryText {

    private EntryText() {
    }

    /**
     * Describes a table entry.
     *
     * @param rule the entry
     * @return "table {field=value, ...} -> action(params)"
     */
    public static String describe(FlowRule rule) {
        PiCriterion match = (PiCriterion) rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
        String fields = match == null ? "{}" : match.fieldMatches().stream().map(Object::toString)
                .collect(Collectors.joining(", ", "{", "}"));
        String action = rule.treatment().allInstructions().stream()
                .filter(i -> i instanceof PiInstruction).map(i -> ((PiInstruction) i).action().toString())
                .collect(Collectors.joining(", "));
        return rule.table() + " " + fields + " -> " + action;
    }
}
