// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.group.GroupBucket;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionProfileGroupId;
import org.onosproject.net.pi.runtime.PiGroupKey;
import org.onosproject.net.pi.runtime.PiTableAction;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiLpmFieldMatch;
import org.onosproject.net.pi.runtime.PiRangeFieldMatch;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.Assert.assertEquals;

/**
 * The JSON the packet tests (pipeconf/ptf/lib/exported.py) install: flow rules and groups as a
 * compiler made them, in P4Runtime's terms (table, key field names, action, parameter names and
 * values as hex), so a name or width the compiler and the P4 disagree on fails on bmv2. A file
 * generated here is committed next to the tests and held to what the compiler makes now: a test
 * writes it with -D&lt;property&gt;=true, and otherwise fails when it is stale.
 */
public final class PacketTestEntries {

    private PacketTestEntries() {
    }

    /** The hex text of bytes, "0x" and two digits per byte (leading zeros kept). */
    public static String hex(byte[] octets) {
        StringBuilder text = new StringBuilder("0x");
        for (byte b : octets) {
            text.append(String.format("%02x", b & 0xff));
        }
        return text.length() == 2 ? "0x00" : text.toString();
    }

    /**
     * One flow rule: device, table, match (exact: value; LPM: [value, length]; ternary: [value,
     * mask]; range: [low, high]), action, params by name, and the rule's priority (which the
     * installer uses only for tables that take one).
     */
    public static Map<String, Object> entry(FlowRule rule) {
        Map<String, Object> match = new TreeMap<>();
        PiCriterion criterion = (PiCriterion) rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
        if (criterion != null) {
            for (PiFieldMatch field : criterion.fieldMatches()) {
                match.put(field.fieldId().id(), value(field));
            }
        }
        PiTableAction tableAction = ((PiInstruction) rule.treatment().allInstructions().get(0)).action();
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("device", rule.deviceId().toString());
        entry.put("table", rule.table().toString());
        entry.put("match", match);
        if (tableAction instanceof PiActionProfileGroupId) {
            // An entry of a table with an action selector: it points at an action profile group.
            entry.put("group", ((PiActionProfileGroupId) tableAction).id());
        } else {
            PiAction action = (PiAction) tableAction;
            Map<String, Object> params = new TreeMap<>();
            action.parameters().forEach(p -> params.put(p.id().id(), hex(p.value().asArray())));
            entry.put("action", action.id().id());
            entry.put("params", params);
        }
        entry.put("priority", rule.priority());
        return entry;
    }

    private static Object value(PiFieldMatch field) {
        switch (field.type()) {
            case EXACT:
                return hex(((PiExactFieldMatch) field).value().asArray());
            case LPM:
                PiLpmFieldMatch lpm = (PiLpmFieldMatch) field;
                return List.of(hex(lpm.value().asArray()), lpm.prefixLength());
            case TERNARY:
                PiTernaryFieldMatch ternary = (PiTernaryFieldMatch) field;
                return List.of(hex(ternary.value().asArray()), hex(ternary.mask().asArray()));
            case RANGE:
                PiRangeFieldMatch range = (PiRangeFieldMatch) field;
                return List.of(hex(range.lowValue().asArray()), hex(range.highValue().asArray()));
            default:
                throw new IllegalArgumentException("no JSON form for a " + field.type() + " match: " + field);
        }
    }

    /**
     * One group: ALL groups are P4Runtime multicast groups (one replica per output port, instance
     * 0 as ONOS writes them), CLONE groups clone sessions. A port is its number, or "CONTROLLER"
     * (ONOS's logical port, which the pipeconf's interpreter maps to the CPU port); a clone
     * session that truncates its clones says to how many bytes.
     */
    public static Map<String, Object> group(GroupDescription group) {
        if (group.type() == GroupDescription.Type.SELECT) {
            return actionProfileGroup(group);
        }
        List<Object> ports = new ArrayList<>();
        Integer truncate = null;
        for (GroupBucket bucket : group.buckets().buckets()) {
            for (Instruction instruction : bucket.treatment().allInstructions()) {
                if (instruction instanceof Instructions.OutputInstruction) {
                    PortNumber port = ((Instructions.OutputInstruction) instruction).port();
                    ports.add(PortNumber.CONTROLLER.equals(port) ? "CONTROLLER" : (Object) port.toLong());
                } else if (instruction instanceof Instructions.TruncateInstruction) {
                    truncate = ((Instructions.TruncateInstruction) instruction).maxLen();
                }
            }
        }
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("device", group.deviceId().toString());
        entry.put("type", group.type() == GroupDescription.Type.CLONE ? "clone_session" : "multicast_group");
        entry.put("id", group.givenGroupId());
        entry.put("ports", ports);
        if (truncate != null) {
            entry.put("truncate", truncate);
        }
        return entry;
    }

    /**
     * A SELECT group as ONOS's P4Runtime driver writes it: an action profile group (the profile
     * its PiGroupKey names) of weight-1 members, one action per bucket, in bucket order.
     */
    private static Map<String, Object> actionProfileGroup(GroupDescription group) {
        List<Map<String, Object>> members = new ArrayList<>();
        for (GroupBucket bucket : group.buckets().buckets()) {
            PiAction action = (PiAction) ((PiInstruction) bucket.treatment().allInstructions().get(0)).action();
            Map<String, Object> params = new TreeMap<>();
            action.parameters().forEach(p -> params.put(p.id().id(), hex(p.value().asArray())));
            Map<String, Object> member = new LinkedHashMap<>();
            member.put("action", action.id().id());
            member.put("params", params);
            members.add(member);
        }
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("device", group.deviceId().toString());
        entry.put("type", "action_profile_group");
        entry.put("id", group.givenGroupId());
        entry.put("action_profile", ((PiGroupKey) group.appCookie()).actionProfileId().id());
        entry.put("members", members);
        return entry;
    }

    /** Entries of rules, in a stable order (device, table, then the entry's text). */
    public static List<Map<String, Object>> entries(Iterable<FlowRule> rules) {
        List<Map<String, Object>> entries = new ArrayList<>();
        rules.forEach(rule -> entries.add(entry(rule)));
        entries.sort(Comparator.comparing(Object::toString));
        return entries;
    }

    /** Groups, in a stable order. */
    public static List<Map<String, Object>> groups(Iterable<GroupDescription> groups) {
        List<Map<String, Object>> list = new ArrayList<>();
        groups.forEach(group -> list.add(group(group)));
        list.sort(Comparator.comparing(Object::toString));
        return list;
    }

    /** The file of the packet tests' directory with this name. */
    public static File fixture(String name) {
        File dir = new File(System.getProperty("user.dir")).getAbsoluteFile();
        while (!new File(dir, "pipeconf/profiles.json").isFile()) {
            dir = dir.getParentFile();
        }
        return new File(dir, "pipeconf/ptf/tests/" + name);
    }

    /**
     * Writes the fixture when the system property is true; then asserts the committed file is
     * exactly this rendering.
     */
    public static void checkOrWrite(String name, String property, Map<String, Object> root) throws Exception {
        String expected = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root)
                + "\n";
        File file = fixture(name);
        if (Boolean.getBoolean(property)) {
            Files.write(file.toPath(), expected.getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(file + " is stale: run this test with -D" + property + "=true", expected,
                     file.isFile() ? new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8) : "");
    }
}
