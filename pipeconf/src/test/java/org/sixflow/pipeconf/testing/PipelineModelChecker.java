// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.testing;

import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.pi.model.PiActionModel;
import org.onosproject.net.pi.model.PiActionParamModel;
import org.onosproject.net.pi.model.PiMatchFieldModel;
import org.onosproject.net.pi.model.PiMatchType;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.model.PiTableModel;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiLpmFieldMatch;
import org.onosproject.net.pi.runtime.PiRangeFieldMatch;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Holds flow rules written in PI form to a pipeline model parsed from a committed P4Info:
 * the table exists; every key belongs to it, has its match kind and fits its width; no key is
 * a don't-care that P4Runtime wants left out (ternary mask 0, LPM /0, full range), since PI
 * servers refuse those; a keyed table's entry has at least one key (ONOS 2.7 makes an entry
 * without keys the table's default entry); exact keys are all there; the action is the
 * table's and its parameters exist and fit.
 *
 * <p>The one checker for both modules: the pipeliner's tests use it here, and the app's tests
 * reach it (with {@link BundledPipeconfs}) through this module's test-jar.
 */
public final class PipelineModelChecker {

    private final PiPipelineModel model;

    public PipelineModelChecker(PiPipelineModel model) {
        this.model = model;
    }

    /**
     * Returns what is wrong with a rule.
     *
     * @param rule a rule with PI criteria and a PI action
     * @return problems, empty if none
     */
    public List<String> problems(FlowRule rule) {
        List<String> problems = new ArrayList<>();
        PiTableId tableId = (PiTableId) rule.table();
        PiTableModel table = model.table(tableId).orElse(null);
        if (table == null) {
            problems.add("no table " + tableId);
            return problems;
        }
        List<PiFieldMatch> matches = new ArrayList<>();
        for (Criterion criterion : rule.selector().criteria()) {
            if (criterion.type() == Criterion.Type.PROTOCOL_INDEPENDENT) {
                matches.addAll(((PiCriterion) criterion).fieldMatches());
            } else {
                problems.add("criterion " + criterion + " is not in PI form");
            }
        }
        if (matches.isEmpty() && !table.matchFields().isEmpty()) {
            problems.add(tableId + " entry without keys: ONOS 2.7 would write the table's default entry");
        }
        for (PiFieldMatch match : matches) {
            PiMatchFieldModel field = table.matchField(match.fieldId()).orElse(null);
            if (field == null) {
                problems.add(tableId + " has no key " + match.fieldId());
            } else if (field.matchType() != match.type()) {
                problems.add(tableId + " key " + match.fieldId() + " is " + field.matchType() + ", not " + match.type());
            } else {
                fieldProblems(match, field.bitWidth(), problems);
            }
        }
        for (PiMatchFieldModel field : table.matchFields()) {
            if (field.matchType() == PiMatchType.EXACT && matches.stream().noneMatch(m -> m.fieldId().equals(field.id()))) {
                problems.add(tableId + " exact key " + field.id() + " is missing");
            }
        }
        for (Instruction instruction : rule.treatment().allInstructions()) {
            if (instruction.type() != Instruction.Type.PROTOCOL_INDEPENDENT) {
                problems.add("instruction " + instruction + " is not a PI action");
                continue;
            }
            actionProblems(table, (PiAction) ((PiInstruction) instruction).action(), problems);
        }
        return problems;
    }

    private static void fieldProblems(PiFieldMatch match, int width, List<String> problems) {
        String name = match.fieldId() + " (" + width + " bits)";
        switch (match.type()) {
            case EXACT:
                fits(name + " value", ((PiExactFieldMatch) match).value(), width, problems);
                break;
            case TERNARY:
                PiTernaryFieldMatch ternary = (PiTernaryFieldMatch) match;
                fits(name + " value", ternary.value(), width, problems);
                fits(name + " mask", ternary.mask(), width, problems);
                BigInteger value = unsigned(ternary.value());
                BigInteger mask = unsigned(ternary.mask());
                if (mask.signum() == 0) {
                    problems.add(name + " has mask 0: a don't-care key must be left out");
                } else if (!value.and(mask).equals(value)) {
                    problems.add(name + " value has bits outside its mask");
                }
                break;
            case LPM:
                PiLpmFieldMatch lpm = (PiLpmFieldMatch) match;
                fits(name + " value", lpm.value(), width, problems);
                if (lpm.prefixLength() <= 0 || lpm.prefixLength() > width) {
                    problems.add(name + " prefix length " + lpm.prefixLength() + " must be 1.." + width);
                }
                break;
            case RANGE:
                PiRangeFieldMatch range = (PiRangeFieldMatch) match;
                fits(name + " low", range.lowValue(), width, problems);
                fits(name + " high", range.highValue(), width, problems);
                BigInteger low = unsigned(range.lowValue());
                BigInteger high = unsigned(range.highValue());
                if (low.compareTo(high) > 0) {
                    problems.add(name + " range is empty");
                } else if (low.signum() == 0 && high.equals(BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE))) {
                    problems.add(name + " is the full range: a don't-care key must be left out");
                }
                break;
            default:
                problems.add(name + " has match kind " + match.type() + ", which this checker does not know");
        }
    }

    private static void actionProblems(PiTableModel table, PiAction action, List<String> problems) {
        PiActionModel actionModel = table.action(action.id()).orElse(null);
        if (actionModel == null) {
            problems.add(table.id() + " has no action " + action.id());
            return;
        }
        for (PiActionParam param : action.parameters()) {
            PiActionParamModel paramModel = actionModel.param(param.id()).orElse(null);
            if (paramModel == null) {
                problems.add(action.id() + " has no parameter " + param.id());
            } else {
                fits(action.id() + "." + param.id(), param.value(), paramModel.bitWidth(), problems);
            }
        }
        if (action.parameters().size() != actionModel.params().size()) {
            problems.add(action.id() + " needs " + actionModel.params().size() + " parameters, got "
                                 + action.parameters().size());
        }
    }

    private static void fits(String what, ImmutableByteSequence bytes, int width, List<String> problems) {
        if (unsigned(bytes).bitLength() > width) {
            problems.add(what + " " + bytes + " does not fit " + width + " bits");
        }
    }

    private static BigInteger unsigned(ImmutableByteSequence bytes) {
        return new BigInteger(1, bytes.asArray());
    }
}
