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
import org.onosproject.net.pi.runtime.PiLpmFieldMatch;
import org.onosproject.net.pi.runtime.PiRangeFieldMatch;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks flow rules against the pipeline model parsed from the committed P4Info: the table
 * exists, every match field belongs to it, has its match kind and fits its width, the action is
 * one of the table's, and every parameter exists and fits. Two more things P4Runtime needs: no
 * key written as a don't-care (ternary mask 0, LPM /0, full range; PI servers refuse those and
 * want the key left out), and at least one key on a table that has keys (ONOS 2.7 writes an
 * entry without keys as the table's default entry).
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
                } else {
                    dontCare(match, field.bitWidth()).ifPresent(problems::add);
                }
            }
        }
        if (rule.selector().criteria().isEmpty() && !table.matchFields().isEmpty()) {
            problems.add(tableId + " entry without keys: ONOS 2.7 would write it as the table's default entry");
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

    /** P4Runtime's "don't care" forms, which must be left out of an entry rather than written. */
    private static Optional<String> dontCare(PiFieldMatch match, int width) {
        String what = match.fieldId() + " is written as a don't-care (";
        switch (match.type()) {
            case TERNARY:
                return new BigInteger(1, ((PiTernaryFieldMatch) match).mask().asArray()).signum() == 0
                        ? Optional.of(what + "mask 0); P4Runtime wants it left out") : Optional.empty();
            case LPM:
                return ((PiLpmFieldMatch) match).prefixLength() == 0
                        ? Optional.of(what + "prefix length 0); P4Runtime wants it left out") : Optional.empty();
            case RANGE:
                PiRangeFieldMatch range = (PiRangeFieldMatch) match;
                BigInteger all = BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE);
                return new BigInteger(1, range.lowValue().asArray()).signum() == 0
                        && new BigInteger(1, range.highValue().asArray()).equals(all)
                        ? Optional.of(what + "the full range); P4Runtime wants it left out") : Optional.empty();
            default:
                return Optional.empty();
        }
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
