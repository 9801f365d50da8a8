// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.pi.model.PiActionModel;
import org.onosproject.net.pi.model.PiActionParamModel;
import org.onosproject.net.pi.model.PiMatchFieldModel;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.model.PiTableModel;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiFieldMatch;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks flow rules against the pipeline model parsed from the committed P4Info: the table
 * exists, every match field belongs to it and fits its width, the action is one of the
 * table's, and every parameter exists and fits.
 */
public final class PipelineModelChecker {

    private final PiPipelineModel model;

    public PipelineModelChecker(PiPipelineModel model) {
        this.model = model;
    }

    /**
     * Returns what is wrong with a rule, empty if nothing.
     *
     * @param rule a rule with a PI criterion and a PI table action
     * @return problems
     */
    public List<String> problems(FlowRule rule) {
        List<String> problems = new ArrayList<>();
        PiTableId tableId = (PiTableId) rule.table();
        PiTableModel table = model.table(tableId).orElse(null);
        if (table == null) {
            problems.add("no table " + tableId);
            return problems;
        }
        Criterion criterion = rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
        if (criterion != null) {
            for (PiFieldMatch match : ((PiCriterion) criterion).fieldMatches()) {
                PiMatchFieldModel field = table.matchField(match.fieldId()).orElse(null);
                if (field == null) {
                    problems.add(tableId + " has no key " + match.fieldId());
                } else if (field.matchType() != match.type()) {
                    problems.add(tableId + " key " + match.fieldId() + " is " + field.matchType() + ", not "
                                         + match.type());
                }
            }
        }
        for (Instruction instruction : rule.treatment().allInstructions()) {
            PiAction action = (PiAction) ((PiInstruction) instruction).action();
            PiActionModel actionModel = table.action(action.id()).orElse(null);
            if (actionModel == null) {
                problems.add(tableId + " has no action " + action.id());
                continue;
            }
            for (PiActionParam param : action.parameters()) {
                PiActionParamModel paramModel = actionModel.param(param.id()).orElse(null);
                if (paramModel == null) {
                    problems.add(action.id() + " has no parameter " + param.id());
                } else if (!fits(param.value().asArray(), paramModel.bitWidth())) {
                    problems.add(action.id() + "." + param.id() + " does not fit " + paramModel.bitWidth() + " bits");
                }
            }
            if (action.parameters().size() != actionModel.params().size()) {
                problems.add(action.id() + " needs " + actionModel.params().size() + " parameters, got "
                                     + action.parameters().size());
            }
        }
        return problems;
    }

    private static boolean fits(byte[] value, int bits) {
        int significant = 0;
        for (int i = 0; i < value.length; i++) {
            if (value[i] != 0) {
                significant = (value.length - i) * 8 - Integer.numberOfLeadingZeros(value[i] & 0xFF) + 24;
                break;
            }
        }
        return significant <= bits;
    }
}
