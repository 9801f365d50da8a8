// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.testing;

import com.google.common.collect.ImmutableMap;
import com.google.protobuf.TextFormat;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiActionModel;
import org.onosproject.net.pi.model.PiActionParamModel;
import org.onosproject.net.pi.model.PiMatchFieldModel;
import org.onosproject.net.pi.model.PiMatchType;
import org.onosproject.net.pi.model.PiPipeconf;
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
import p4.config.v1.P4InfoOuterClass.ActionRef;
import p4.config.v1.P4InfoOuterClass.P4Info;
import p4.config.v1.P4InfoOuterClass.Table;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.P4_INFO_TEXT;

/**
 * Holds flow rules written in PI form to a pipeline model parsed from a committed P4Info:
 * the table exists and takes entries (no const entries); every key belongs to it, has its match
 * kind and fits its width; no key is a don't-care that P4Runtime wants left out (ternary mask 0,
 * LPM /0, full range), since PI servers refuse those; exact keys are all there; the action is the
 * table's and its parameters exist and fit. A rule without keys is the table's default entry
 * (ONOS 2.7 writes it so): refused where the default action is constant
 * ({@code const default_action}). An action marked {@code @defaultonly} goes only in the default
 * entry, one marked {@code @tableonly} never there (P4Info action_ref scope, which ONOS's model
 * leaves out: it is read from the P4Info itself).
 *
 * <p>Groups are held to one another ({@link #groupProblems}): on one device, two groups with one
 * group id or one GroupKey must be the same group.
 *
 * <p>The one checker for both modules: the pipeliner's tests use it here, and the app's tests
 * reach it (with {@link BundledPipeconfs}) through this module's test-jar.
 */
public final class PipelineModelChecker {

    private final PiPipelineModel model;
    // Per table, the scope of each of its actions.
    private final Map<PiTableId, Map<PiActionId, ActionRef.Scope>> scopes;

    /**
     * Creates the checker of a pipeline model of one of the bundled pipeconfs (found by its
     * architecture), whose P4Info gives the action scopes.
     *
     * @param model the pipeline model
     * @throws IllegalArgumentException if no bundled pipeconf has this model's tables
     */
    public PipelineModelChecker(PiPipelineModel model) {
        this(model, bundledP4Info(model));
    }

    /**
     * Creates the checker of a pipeconf: its pipeline model and its P4Info text.
     *
     * @param pipeconf the pipeconf
     */
    public PipelineModelChecker(PiPipeconf pipeconf) {
        this(pipeconf.pipelineModel(), p4Info(pipeconf));
    }

    private PipelineModelChecker(PiPipelineModel model, P4Info p4Info) {
        this.model = model;
        Map<Integer, String> actionNames = new HashMap<>();
        p4Info.getActionsList().forEach(a -> actionNames.put(a.getPreamble().getId(), a.getPreamble().getName()));
        ImmutableMap.Builder<PiTableId, Map<PiActionId, ActionRef.Scope>> byTable = ImmutableMap.builder();
        for (Table table : p4Info.getTablesList()) {
            ImmutableMap.Builder<PiActionId, ActionRef.Scope> byAction = ImmutableMap.builder();
            table.getActionRefsList().forEach(ref -> byAction.put(PiActionId.of(actionNames.get(ref.getId())),
                                                                  ref.getScope()));
            byTable.put(PiTableId.of(table.getPreamble().getName()), byAction.build());
        }
        this.scopes = byTable.build();
        for (PiTableModel table : model.tables()) {
            if (!scopes.containsKey(table.id())) {
                throw new IllegalArgumentException("the P4Info has no table " + table.id() + " of the model");
            }
        }
    }

    private static P4Info bundledP4Info(PiPipelineModel model) {
        for (PiPipeconf bundled : List.of(BundledPipeconfs.bmv2(), BundledPipeconfs.tofino())) {
            if (bundled.pipelineModel().architecture().equals(model.architecture())) {
                return p4Info(bundled);
            }
        }
        throw new IllegalArgumentException("no bundled pipeconf of architecture " + model.architecture()
                                                   + ": use PipelineModelChecker(PiPipeconf)");
    }

    private static P4Info p4Info(PiPipeconf pipeconf) {
        InputStream text = pipeconf.extension(P4_INFO_TEXT)
                .orElseThrow(() -> new IllegalArgumentException(pipeconf.id() + " carries no P4Info text"));
        P4Info.Builder p4Info = P4Info.newBuilder();
        try (InputStreamReader reader = new InputStreamReader(text, StandardCharsets.UTF_8)) {
            TextFormat.getParser().merge(reader, p4Info);
        } catch (IOException e) {
            throw new UncheckedIOException("P4Info of " + pipeconf.id() + " unreadable", e);
        }
        return p4Info.build();
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
        if (table.isConstantTable()) {
            problems.add(tableId + " has const entries: the device refuses every entry written to it");
        }
        boolean defaultEntry = matches.isEmpty();
        if (defaultEntry && table.constDefaultAction().isPresent()) {
            problems.add(tableId + " entry without keys is the table's default entry (ONOS 2.7 writes it so), and "
                                 + "its default action " + table.constDefaultAction().get().id()
                                 + " is constant: the device refuses to change it");
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
            if (!defaultEntry && field.matchType() == PiMatchType.EXACT
                    && matches.stream().noneMatch(m -> m.fieldId().equals(field.id()))) {
                problems.add(tableId + " exact key " + field.id() + " is missing");
            }
        }
        for (Instruction instruction : rule.treatment().allInstructions()) {
            if (instruction.type() != Instruction.Type.PROTOCOL_INDEPENDENT) {
                problems.add("instruction " + instruction + " is not a PI action");
                continue;
            }
            PiAction action = (PiAction) ((PiInstruction) instruction).action();
            actionProblems(table, action, problems);
            scopeProblems(table, action, defaultEntry, problems);
        }
        return problems;
    }

    private void scopeProblems(PiTableModel table, PiAction action, boolean defaultEntry, List<String> problems) {
        ActionRef.Scope scope = scopes.get(table.id()).get(action.id());
        if (scope == ActionRef.Scope.DEFAULT_ONLY && !defaultEntry) {
            problems.add(action.id() + " is @defaultonly in " + table.id() + ": only its default entry may use it");
        } else if (scope == ActionRef.Scope.TABLE_ONLY && defaultEntry) {
            problems.add(action.id() + " is @tableonly in " + table.id() + ": its default entry may not use it");
        }
    }

    /**
     * Returns where groups clash: on one device, two groups with the same group id, or the same
     * GroupKey (app cookie), that are not the same group (type and buckets). ONOS keeps one group
     * per id and per key on a device, so the second would replace or be refused in favour of the
     * first. The same group given twice is no clash.
     *
     * @param groups group descriptions, of any devices
     * @return problems, empty if none
     */
    public static List<String> groupProblems(Collection<GroupDescription> groups) {
        List<String> problems = new ArrayList<>();
        Map<DeviceId, Map<Integer, GroupDescription>> byId = new HashMap<>();
        Map<DeviceId, Map<GroupKey, GroupDescription>> byKey = new HashMap<>();
        for (GroupDescription group : groups) {
            if (group.givenGroupId() != null) {
                GroupDescription other = byId.computeIfAbsent(group.deviceId(), d -> new HashMap<>())
                        .putIfAbsent(group.givenGroupId(), group);
                if (other != null && !sameGroup(other, group)) {
                    problems.add(group.deviceId() + ": group id 0x" + Integer.toHexString(group.givenGroupId())
                                         + " is both " + describe(other) + " and " + describe(group));
                }
            }
            if (group.appCookie() != null) {
                GroupDescription other = byKey.computeIfAbsent(group.deviceId(), d -> new HashMap<>())
                        .putIfAbsent(group.appCookie(), group);
                if (other != null && !(Objects.equals(other.givenGroupId(), group.givenGroupId())
                        && sameGroup(other, group))) {
                    problems.add(group.deviceId() + ": GroupKey " + group.appCookie() + " names both "
                                         + describe(other) + " and " + describe(group));
                }
            }
        }
        return problems;
    }

    private static boolean sameGroup(GroupDescription a, GroupDescription b) {
        return a.type() == b.type() && Objects.equals(a.buckets(), b.buckets());
    }

    private static String describe(GroupDescription group) {
        return group.type() + " group " + (group.givenGroupId() == null ? "(no id)"
                : "0x" + Integer.toHexString(group.givenGroupId())) + " with " + group.buckets().buckets().size()
                + " buckets";
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
