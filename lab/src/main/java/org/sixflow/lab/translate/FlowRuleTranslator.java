// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.translate;

import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.pi.model.PiActionModel;
import org.onosproject.net.pi.model.PiActionParamModel;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiMatchFieldModel;
import org.onosproject.net.pi.model.PiMatchType;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.model.PiTableModel;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiLpmFieldMatch;
import org.onosproject.net.pi.runtime.PiMatchKey;
import org.onosproject.net.pi.runtime.PiOptionalFieldMatch;
import org.onosproject.net.pi.runtime.PiRangeFieldMatch;
import org.onosproject.net.pi.runtime.PiTableAction;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.onlab.util.ImmutableByteSequence.ByteSequenceTrimException;

/**
 * Flow rules to PI table entries, after ONOS 2.7's PiFlowRuleTranslatorImpl: the table from the
 * rule (PiTableId, or a numeric table the interpreter maps), the match key from a PiCriterion
 * and/or standard criteria the interpreter maps to match fields, the action from a PiInstruction
 * or the interpreter's mapTreatment, checked against the pipeline model and sized to it.
 *
 * <p>As in ONOS: a ternary, LPM, range or optional field with no value is left out ("don't
 * care"); an exact field with no value is an error; a table with any ternary, range or optional
 * field gets priority {@code 1 + rule.priority()} (2^24 for rules above 2^24), others none; a rule with no
 * criteria sets the table's default action. Differences: a ternary field whose mask is zero, an
 * LPM field of prefix length 0 and a range covering the whole field are dropped here as don't-care (P4Runtime requires don't-care fields to be omitted; ONOS would send
 * them); the cookie is the flow rule's id, so entries read back map to their rules; the
 * action-profile table actions ONOS also handles are not supported (the Sixflow pipelines have no
 * action profiles); rule timeouts are ignored (no table supports aging).
 */
public final class FlowRuleTranslator {

    /** Largest priority P4Runtime entries get, as in ONOS. */
    public static final int MAX_PI_PRIORITY = 1 << 24;

    private final PiPipelineModel model;
    private final PiPipelineInterpreter interpreter;

    /**
     * Creates a translator for one pipeline.
     *
     * @param model       the pipeline model
     * @param interpreter its interpreter, or null when the pipeconf has none
     */
    public FlowRuleTranslator(PiPipelineModel model, PiPipelineInterpreter interpreter) {
        this.model = model;
        this.interpreter = interpreter;
    }

    /**
     * Translates a flow rule.
     *
     * @param rule the rule
     * @return the equivalent table entry, with canonical-ready values sized to the model
     * @throws TranslationException naming what in the rule the pipeline cannot take
     */
    public PiTableEntry translate(FlowRule rule) throws TranslationException {
        PiTableId tableId = tableId(rule);
        PiTableModel table = model.table(tableId).orElseThrow(
                () -> new TranslationException("No table " + tableId + " in the pipeline model"));
        PiTableEntry.Builder entry = PiTableEntry.builder().forTable(tableId).withCookie(rule.id().value());
        if (rule.selector().criteria().isEmpty()) {
            entry.withMatchKey(PiMatchKey.EMPTY);
        } else {
            entry.withMatchKey(PiMatchKey.builder().addFieldMatches(fieldMatches(rule.selector(), table)).build());
            if (needsPriority(table)) {
                entry.withPriority(rule.priority() > MAX_PI_PRIORITY ? MAX_PI_PRIORITY : 1 + rule.priority());
            }
        }
        PiTableAction action = action(rule.treatment(), tableId);
        if (action != null) {
            entry.withAction(checkAction(action, table));
        }
        return entry.build();
    }

    private static boolean needsPriority(PiTableModel table) {
        return table.matchFields().stream().anyMatch(f -> f.matchType() == PiMatchType.TERNARY
                || f.matchType() == PiMatchType.RANGE || f.matchType() == PiMatchType.OPTIONAL);
    }

    private PiTableId tableId(FlowRule rule) throws TranslationException {
        if (rule.table() instanceof PiTableId) {
            return (PiTableId) rule.table();
        }
        int number = rule.tableId();
        if (interpreter == null) {
            throw new TranslationException("Flow rule for table " + number + " but the pipeconf has no interpreter "
                                                   + "to map it to a P4 table");
        }
        return interpreter.mapFlowRuleTableId(number).orElseThrow(
                () -> new TranslationException("The interpreter maps no P4 table to flow rule table " + number));
    }

    private PiTableAction action(TrafficTreatment treatment, PiTableId tableId) throws TranslationException {
        List<Instruction> instructions = treatment.allInstructions();
        for (Instruction instruction : instructions) {
            if (instruction.type() == Instruction.Type.PROTOCOL_INDEPENDENT) {
                if (instructions.size() != 1) {
                    throw new TranslationException("Treatment mixes a protocol-independent instruction with others: "
                                                           + treatment);
                }
                return ((PiInstruction) instruction).action();
            }
        }
        if (interpreter == null) {
            return null;
        }
        try {
            return interpreter.mapTreatment(treatment, tableId);
        } catch (PiPipelineInterpreter.PiInterpreterException e) {
            throw new TranslationException("The interpreter cannot map the treatment for " + tableId + ": "
                                                   + e.getMessage(), e);
        }
    }

    private static PiAction checkAction(PiTableAction tableAction, PiTableModel table) throws TranslationException {
        if (tableAction.type() != PiTableAction.Type.ACTION) {
            throw new TranslationException("Table action type " + tableAction.type() + " is not supported ("
                                                   + table.id() + " has no action profile)");
        }
        PiAction action = (PiAction) tableAction;
        PiActionModel actionModel = table.action(action.id()).orElseThrow(
                () -> new TranslationException("Table " + table.id() + " has no action " + action.id()));
        if (actionModel.params().size() != action.parameters().size()) {
            throw new TranslationException("Action " + action.id() + " takes " + actionModel.params().size()
                                                   + " parameters, " + action.parameters().size() + " given");
        }
        PiAction.Builder sized = PiAction.builder().withId(action.id());
        for (PiActionParam param : action.parameters()) {
            PiActionParamModel paramModel = actionModel.param(param.id()).orElseThrow(
                    () -> new TranslationException("Action " + action.id() + " has no parameter " + param.id()));
            try {
                sized.withParameter(new PiActionParam(param.id(), paramModel.hasBitWidth()
                        ? param.value().fit(paramModel.bitWidth()) : param.value()));
            } catch (ByteSequenceTrimException e) {
                throw new TranslationException("Parameter " + param.id() + " of action " + action.id()
                                                       + " does not fit " + paramModel.bitWidth() + " bits", e);
            }
        }
        return sized.build();
    }

    private List<PiFieldMatch> fieldMatches(TrafficSelector selector, PiTableModel table)
            throws TranslationException {
        Map<PiMatchFieldId, PiFieldMatch> piFields = new LinkedHashMap<>();
        Optional<Criterion> pi = selector.criteria().stream()
                .filter(c -> c.type() == Criterion.Type.PROTOCOL_INDEPENDENT).findFirst();
        pi.ifPresent(c -> ((PiCriterion) c).fieldMatches().forEach(m -> piFields.put(m.fieldId(), m)));

        Map<PiMatchFieldId, Criterion> mapped = new HashMap<>();
        for (Criterion criterion : selector.criteria()) {
            if (criterion.type() == Criterion.Type.PROTOCOL_INDEPENDENT) {
                continue;
            }
            Optional<PiMatchFieldId> field = interpreter == null ? Optional.empty()
                    : interpreter.mapCriterionType(criterion.type());
            if (field.isEmpty() || table.matchField(field.get()).isEmpty()) {
                throw new TranslationException("Criterion " + criterion.type() + " cannot be translated for table "
                                                       + table.id());
            }
            if (mapped.put(field.get(), criterion) != null) {
                throw new TranslationException("Two criteria map to match field " + field.get() + " of "
                                                       + table.id());
            }
        }

        List<PiFieldMatch> matches = new ArrayList<>();
        for (PiMatchFieldModel fieldModel : table.matchFields()) {
            PiMatchFieldId id = fieldModel.id();
            PiFieldMatch fromPi = piFields.remove(id);
            Criterion criterion = mapped.get(id);
            PiFieldMatch match;
            if (criterion != null) {
                match = CriterionTranslator.translate(criterion, id, fieldModel.matchType(), fieldModel.bitWidth());
                if (fromPi != null && !normalize(fromPi, fieldModel).equals(normalize(match, fieldModel))) {
                    throw new TranslationException("Match field " + id + " has one value from criterion "
                                                           + criterion.type() + " and another in the PiCriterion");
                }
            } else if (fromPi != null) {
                match = fromPi;
            } else if (fieldModel.matchType() == PiMatchType.EXACT) {
                throw new TranslationException("No value for exact match field " + id + " of table " + table.id());
            } else {
                continue;   // don't care
            }
            PiFieldMatch normalized = normalize(match, fieldModel);
            if (!isDontCare(normalized, fieldModel)) {
                matches.add(normalized);
            }
        }
        if (!piFields.isEmpty()) {
            throw new TranslationException("Table " + table.id() + " has no match field " + piFields.keySet());
        }
        return matches;
    }

    /**
     * Checks a field match's type against the model and sizes its values to the field, clearing
     * bits outside LPM prefixes and ternary masks, as ONOS's typeCheckFieldMatch does.
     */
    static PiFieldMatch normalize(PiFieldMatch match, PiMatchFieldModel model) throws TranslationException {
        if (match.type() != model.matchType()) {
            throw new TranslationException("Match field " + match.fieldId() + " is " + model.matchType() + ", not "
                                                   + match.type());
        }
        int width = model.bitWidth();
        try {
            switch (model.matchType()) {
                case EXACT:
                    return new PiExactFieldMatch(match.fieldId(), ((PiExactFieldMatch) match).value().fit(width));
                case OPTIONAL:
                    return new PiOptionalFieldMatch(match.fieldId(),
                                                    ((PiOptionalFieldMatch) match).value().fit(width));
                case TERNARY:
                    PiTernaryFieldMatch ternary = (PiTernaryFieldMatch) match;
                    ImmutableByteSequence mask = ternary.mask().fit(width);
                    return new PiTernaryFieldMatch(match.fieldId(), ternary.value().fit(width).bitwiseAnd(mask), mask);
                case LPM:
                    PiLpmFieldMatch lpm = (PiLpmFieldMatch) match;
                    if (lpm.prefixLength() < 0 || lpm.prefixLength() > width) {
                        throw new TranslationException("Prefix length " + lpm.prefixLength() + " of field "
                                                               + match.fieldId() + " is outside 0.." + width);
                    }
                    ImmutableByteSequence value = lpm.value().fit(width);
                    int padding = value.size() * 8 - width;
                    return new PiLpmFieldMatch(match.fieldId(), ImmutableByteSequence.copyFrom(
                            ByteStrings.keepPrefix(value.asArray(), padding + lpm.prefixLength())),
                                               lpm.prefixLength());
                case RANGE:
                    PiRangeFieldMatch range = (PiRangeFieldMatch) match;
                    return new PiRangeFieldMatch(match.fieldId(), range.lowValue().fit(width),
                                                 range.highValue().fit(width));
                default:
                    throw new TranslationException("Match type " + model.matchType() + " is not supported");
            }
        } catch (ByteSequenceTrimException e) {
            throw new TranslationException("Value of match field " + match.fieldId() + " does not fit " + width
                                                   + " bits", e);
        }
    }

    private static boolean isDontCare(PiFieldMatch match, PiMatchFieldModel model) {
        switch (match.type()) {
            case TERNARY:
                return ByteStrings.isZero(((PiTernaryFieldMatch) match).mask());
            case LPM:
                return ((PiLpmFieldMatch) match).prefixLength() == 0;
            case RANGE:
                PiRangeFieldMatch range = (PiRangeFieldMatch) match;
                return ByteStrings.isZero(range.lowValue()) && ByteStrings.isAllOnes(range.highValue(),
                                                                                     model.bitWidth());
            default:
                return false;
        }
    }
}
