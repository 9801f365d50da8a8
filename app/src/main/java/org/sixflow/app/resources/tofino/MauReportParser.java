// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.resources.tofino;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.app.api.MauReport;
import org.sixflow.app.api.MauResource;
import org.sixflow.app.api.MauResourceType;
import org.sixflow.app.api.MauStage;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Reads the Tofino compiler's resource report, {@code pipe/logs/resources.json}, as p4c's
 * Tofino back end writes it (schema: backends/tofino/compiler_interfaces/schemas/resources_schema.py,
 * writer: bf-p4c/logging/resources.cpp). Under {@code resources.mau} it lists the pipe's stage
 * count ({@code nStages}) and, for each stage up to the last one in use, every allocated unit:
 * SRAM and TCAM blocks by row and column, logical table ids, crossbar bytes, hash bits, action
 * data bus bytes, VLIW instructions and gateways. A unit is counted once however many tables
 * share it. Stages past the last one in use are absent from the report and count as empty.
 *
 * <p>Each stage also declares what it has (e.g. {@code rams.nRows × nColumns}); a report whose
 * figures differ from {@link TofinoCapacity} is for another chip and is refused rather than
 * shown against the wrong capacities.
 */
public final class MauReportParser {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private MauReportParser() {
    }

    /**
     * Parses a resources.json.
     *
     * @param pipeconf the pipeconf whose program the report describes
     * @param json     the report
     * @return the report, every stage of the pipe listed
     * @throws IOException if the text is not JSON, or a field the report must have is missing or
     *                     of the wrong kind (the message names it)
     */
    public static MauReport parse(PiPipeconfId pipeconf, InputStream json) throws IOException {
        return parse(pipeconf, MAPPER.readTree(json));
    }

    /**
     * Parses a resources.json already read as a JSON tree.
     *
     * @param pipeconf the pipeconf whose program the report describes
     * @param root     the report
     * @return the report, every stage of the pipe listed
     * @throws IOException if a field the report must have is missing or of the wrong kind
     */
    public static MauReport parse(PiPipeconfId pipeconf, JsonNode root) throws IOException {
        if (root == null || !root.isObject()) {
            throw new IOException("resources.json: not a JSON object");
        }
        // The report's version is BF_P4C_VERSION, the Tofino back end's (not the p4c driver's).
        String compiler = "bf-p4c " + text(root, "compiler_version", "");
        JsonNode mau = object(object(root, "resources", ""), "mau", "resources");
        int stageCount = integer(mau, "nStages", "resources.mau");
        if (stageCount < 1) {
            throw new IOException("resources.json: resources.mau.nStages is " + stageCount);
        }
        Map<Integer, MauStage> stages = new TreeMap<>();
        for (JsonNode stage : array(mau, "mau_stages", "resources.mau")) {
            int number = integer(stage, "stage_number", "resources.mau.mau_stages[]");
            if (number < 0 || number >= stageCount) {
                throw new IOException("resources.json: stage " + number + " outside the " + stageCount + "-stage pipe");
            }
            if (stages.put(number, stage(number, stage)) != null) {
                throw new IOException("resources.json: stage " + number + " is listed twice");
            }
        }
        List<MauStage> all = new ArrayList<>();
        for (int i = 0; i < stageCount; i++) {
            all.add(stages.getOrDefault(i, emptyStage(i)));
        }
        return MauReport.of(pipeconf, compiler, stageCount, all);
    }

    private static MauStage emptyStage(int number) {
        List<MauResource> resources = new ArrayList<>();
        for (MauResourceType type : MauResourceType.values()) {
            resources.add(MauResource.of(type, 0, TofinoCapacity.perStage(type)));
        }
        return MauStage.of(number, resources);
    }

    private static MauStage stage(int number, JsonNode stage) throws IOException {
        String at = "resources.mau.mau_stages[stage " + number + "]";
        Map<MauResourceType, Integer> used = new EnumMap<>(MauResourceType.class);
        Map<MauResourceType, Integer> declared = new EnumMap<>(MauResourceType.class);
        units(stage, at, MauResourceType.SRAM, "rams", "srams", List.of("row", "column"),
              List.of("nRows", "nColumns"), used, declared);
        units(stage, at, MauResourceType.TCAM, "tcams", "tcams", List.of("row", "column"),
              List.of("nRows", "nColumns"), used, declared);
        units(stage, at, MauResourceType.LOGICAL_TABLES, "logical_tables", "ids", List.of("id"),
              List.of("size"), used, declared);
        units(stage, at, MauResourceType.HASH_BITS, "hash_bits", "bits", List.of("hash_function", "hash_bit"),
              List.of("nBits", "nFunctions"), used, declared);
        units(stage, at, MauResourceType.ACTION_DATA_BUS_BYTES, "action_bus_bytes", "bytes",
              List.of("byte_number"), List.of("size"), used, declared);
        units(stage, at, MauResourceType.VLIW_SLOTS, "vliw", "instructions", List.of("instruction_number"),
              List.of("size"), used, declared);
        units(stage, at, MauResourceType.GATEWAYS, "gateways", "gateways", List.of("row", "unit_id"),
              List.of("nRows", "nUnits"), used, declared);
        crossbar(stage, at, used, declared);

        List<MauResource> resources = new ArrayList<>();
        for (MauResourceType type : MauResourceType.values()) {
            int capacity = TofinoCapacity.perStage(type);
            if (declared.get(type) != capacity) {
                throw new IOException("resources.json: stage " + number + " has " + declared.get(type) + " " + type
                                              + " where Tofino 1 has " + capacity + "; the report is for another chip");
            }
            if (used.get(type) > capacity) {
                throw new IOException("resources.json: stage " + number + " uses " + used.get(type) + " " + type
                                              + " of " + capacity);
            }
            resources.add(MauResource.of(type, used.get(type), capacity));
        }
        return MauStage.of(number, resources);
    }

    /**
     * Counts the distinct units listed under {@code section.list}, each identified by the key
     * fields (e.g. row and column), and reads what the stage declares it has: the product of the
     * section's size fields.
     */
    private static void units(JsonNode stage, String at, MauResourceType type, String section, String list,
                              List<String> key, List<String> sizeFields, Map<MauResourceType, Integer> used,
                              Map<MauResourceType, Integer> declared) throws IOException {
        JsonNode node = object(stage, section, at);
        String sectionAt = at + "." + section;
        Set<List<Integer>> seen = new HashSet<>();
        for (JsonNode unit : array(node, list, sectionAt)) {
            List<Integer> id = new ArrayList<>();
            for (String field : key) {
                id.add(integer(unit, field, sectionAt + "." + list + "[]"));
            }
            seen.add(id);   // a unit counts once, however many tables share it
        }
        used.put(type, seen.size());
        int size = 1;
        for (String field : sizeFields) {
            size *= integer(node, field, sectionAt);
        }
        declared.put(type, size);
    }

    /** The input crossbar's bytes, split into its exact and ternary regions. */
    private static void crossbar(JsonNode stage, String at, Map<MauResourceType, Integer> used,
                                 Map<MauResourceType, Integer> declared) throws IOException {
        JsonNode xbar = object(stage, "xbar_bytes", at);
        String xbarAt = at + ".xbar_bytes";
        Set<Integer> exact = new HashSet<>();
        Set<Integer> ternary = new HashSet<>();
        for (JsonNode b : array(xbar, "bytes", xbarAt)) {
            int byteNumber = integer(b, "byte_number", xbarAt + ".bytes[]");
            String type = text(b, "byte_type", xbarAt + ".bytes[]");
            if (type.equals("exact")) {
                exact.add(byteNumber);
            } else if (type.equals("ternary")) {
                ternary.add(byteNumber);
            } else {
                throw new IOException("resources.json: " + xbarAt + ".bytes[].byte_type is \"" + type
                                              + "\", not exact or ternary");
            }
        }
        used.put(MauResourceType.EXACT_CROSSBAR_BYTES, exact.size());
        used.put(MauResourceType.TERNARY_CROSSBAR_BYTES, ternary.size());
        declared.put(MauResourceType.EXACT_CROSSBAR_BYTES, integer(xbar, "exact_size", xbarAt));
        declared.put(MauResourceType.TERNARY_CROSSBAR_BYTES, integer(xbar, "ternary_size", xbarAt));
    }

    private static JsonNode object(JsonNode parent, String field, String at) throws IOException {
        return field(parent, field, at, JsonNode::isObject, "an object");
    }

    private static JsonNode array(JsonNode parent, String field, String at) throws IOException {
        return field(parent, field, at, JsonNode::isArray, "an array");
    }

    private static int integer(JsonNode parent, String field, String at) throws IOException {
        return field(parent, field, at, v -> v.isIntegralNumber() && v.canConvertToInt(), "a whole number")
                .intValue();
    }

    private static String text(JsonNode parent, String field, String at) throws IOException {
        return field(parent, field, at, JsonNode::isTextual, "text").textValue();
    }

    /** A field of a node; at is the node's path in the report, for messages. */
    private static JsonNode field(JsonNode parent, String field, String at, Predicate<JsonNode> kind,
                                  String kindName) throws IOException {
        String path = at.isEmpty() ? field : at + "." + field;
        JsonNode value = parent.get(field);
        if (value == null || value.isNull()) {
            throw new IOException("resources.json: " + path + " is missing");
        }
        if (!kind.test(value)) {
            throw new IOException("resources.json: " + path + " is not " + kindName);
        }
        return value;
    }
}
