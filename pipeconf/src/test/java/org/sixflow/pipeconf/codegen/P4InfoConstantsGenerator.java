// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.codegen;

import org.onosproject.net.pi.model.PiActionModel;
import org.onosproject.net.pi.model.PiActionParamModel;
import org.onosproject.net.pi.model.PiCounterModel;
import org.onosproject.net.pi.model.PiMatchFieldModel;
import org.onosproject.net.pi.model.PiPacketMetadataModel;
import org.onosproject.net.pi.model.PiPacketOperationType;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableModel;
import org.onosproject.p4runtime.model.P4InfoParser;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Turns a P4Info into {@code P4InfoConstants.java}, so Java never spells a P4 name by hand.
 *
 * <p>Run by {@code make constants}, it also writes the Python module the packet tests use;
 * {@code P4InfoConstantsTest} fails when either committed file differs from what this generates
 * from the committed P4Info.
 */
public final class P4InfoConstantsGenerator {

    private P4InfoConstantsGenerator() {
    }

    /**
     * Generates the Java source.
     *
     * @param model  pipeline model parsed from the P4Info
     * @param source where the P4Info came from, for the header comment
     * @return Java source text
     */
    public static String generate(PiPipelineModel model, String source) {
        return render(List.of(model), source, false);
    }

    /**
     * Generates the Java source from several P4Infos (profiles that together have every entity):
     * the union of their names, one constant per name.
     *
     * @param models pipeline models parsed from the P4Infos
     * @param source where they came from, for the header comment
     * @return Java source text
     */
    public static String generate(List<PiPipelineModel> models, String source) {
        return render(models, source, false);
    }

    /**
     * Generates the Python module the packet tests read P4 names from.
     *
     * @param model  pipeline model parsed from the P4Info
     * @param source where the P4Info came from, for the header comment
     * @return Python source text
     */
    public static String generatePython(PiPipelineModel model, String source) {
        return render(List.of(model), source, true);
    }

    /**
     * Generates the Python module from several P4Infos, as {@link #generate(List, String)}.
     *
     * @param models pipeline models parsed from the P4Infos
     * @param source where they came from, for the header comment
     * @return Python source text
     */
    public static String generatePython(List<PiPipelineModel> models, String source) {
        return render(models, source, true);
    }

    private static String render(List<PiPipelineModel> models, String source, boolean python) {
        Map<String, String> matchFields = new TreeMap<>();
        Map<String, Integer> matchWidths = new TreeMap<>();
        Map<String, String> tables = new TreeMap<>();
        Map<String, String> actions = new TreeMap<>();
        Map<String, String> params = new TreeMap<>();
        Map<String, Integer> paramWidths = new TreeMap<>();
        Map<String, String> counters = new TreeMap<>();
        Map<String, String> meters = new TreeMap<>();
        Map<String, String> registers = new TreeMap<>();
        Map<String, String> profiles = new TreeMap<>();
        Map<String, String> metadata = new TreeMap<>();
        Map<String, Integer> metadataWidths = new TreeMap<>();

        for (PiPipelineModel model : models) {
        for (PiTableModel table : model.tables()) {
            put(tables, table.id().id());
            for (PiMatchFieldModel field : table.matchFields()) {
                String name = "HDR_" + constantName(field.id().id());
                putWidth(matchFields, matchWidths, name, field.id().id(), field.bitWidth());
            }
            for (PiActionModel action : table.actions()) {
                put(actions, action.id().id());
                for (PiActionParamModel param : action.params()) {
                    putWidth(params, paramWidths, constantName(param.id().id()), param.id().id(),
                             param.bitWidth());
                }
            }
        }
        for (PiCounterModel counter : model.counters()) {
            put(counters, counter.id().id());
        }
        model.meters().forEach(meter -> put(meters, meter.id().id()));
        model.registers().forEach(register -> put(registers, register.id().id()));
        model.actionProfiles().forEach(profile -> put(profiles, profile.id().id()));
        for (PiPacketOperationType type : PiPacketOperationType.values()) {
            model.packetOperationModel(type).ifPresent(operation -> {
                for (PiPacketMetadataModel meta : operation.metadatas()) {
                    putWidth(metadata, metadataWidths, constantName(meta.id().id()), meta.id().id(),
                             meta.bitWidth());
                }
            });
        }
        }

        if (python) {
            StringBuilder py = new StringBuilder();
            py.append("# SPDX-License-Identifier: Apache-2.0\n")
                    .append("# Copyright 2026 The Sixflow Authors\n")
                    .append("# Do not edit: generated by P4InfoConstantsGenerator from ").append(source)
                    .append(" (make constants).\n")
                    .append("\"\"\"Names of the Sixflow pipeline's P4 entities, as P4Info declares them.\"\"\"\n");
            List<Map<String, String>> sections = new ArrayList<>(List.of(matchFields, tables, actions, params,
                                                                          counters));
            if (!meters.isEmpty()) {
                sections.add(meters);
            }
            sections.add(registers);
            if (!profiles.isEmpty()) {
                sections.add(profiles);
            }
            sections.add(metadata);
            for (Map<String, String> names : sections) {
                py.append('\n');
                names.forEach((name, p4Name) -> py.append(name).append(" = \"").append(p4Name).append("\"\n"));
            }
            return py.toString();
        }
        StringBuilder java = new StringBuilder();
        java.append("// SPDX-License-Identifier: Apache-2.0\n")
                .append("// Copyright 2026 The Sixflow Authors\n")
                .append("// Do not edit: generated by P4InfoConstantsGenerator from ").append(source)
                .append(" (make constants).\n")
                .append("package org.sixflow.pipeconf;\n\n")
                .append("import org.onosproject.net.pi.model.PiActionId;\n")
                .append(profiles.isEmpty() ? "" : "import org.onosproject.net.pi.model.PiActionProfileId;\n")
                .append("import org.onosproject.net.pi.model.PiActionParamId;\n")
                .append("import org.onosproject.net.pi.model.PiCounterId;\n")
                .append("import org.onosproject.net.pi.model.PiMatchFieldId;\n");
        if (!meters.isEmpty()) {
            java.append("import org.onosproject.net.pi.model.PiMeterId;\n");
        }
        java
                .append("import org.onosproject.net.pi.model.PiPacketMetadataId;\n");
        if (!registers.isEmpty()) {
            java.append("import org.onosproject.net.pi.model.PiRegisterId;\n");
        }
        java.append("import org.onosproject.net.pi.model.PiTableId;\n\n")
                .append("/**\n * Names of the Sixflow pipeline's P4 entities, as P4Info declares them.\n */\n")
                .append("public final class P4InfoConstants {\n\n")
                .append("    private P4InfoConstants() {\n    }\n");
        section(java, "Match fields", "PiMatchFieldId", matchFields, matchWidths);
        section(java, "Tables", "PiTableId", tables, Map.of());
        section(java, "Actions", "PiActionId", actions, Map.of());
        section(java, "Action parameters", "PiActionParamId", params, paramWidths);
        section(java, "Counters", "PiCounterId", counters, Map.of());
        if (!meters.isEmpty()) {
            section(java, "Meters", "PiMeterId", meters, Map.of());
        }
        if (!registers.isEmpty()) {
            section(java, "Registers", "PiRegisterId", registers, Map.of());
        }
        if (!profiles.isEmpty()) {
            section(java, "Action profiles", "PiActionProfileId", profiles, Map.of());
        }
        section(java, "Packet metadata", "PiPacketMetadataId", metadata, metadataWidths);
        java.append("}\n");
        return java.toString();
    }

    /**
     * Returns the Java constant name of a P4 name: {@code SixflowIngress.routing.routing_v6}
     * becomes {@code SIXFLOW_INGRESS_ROUTING_ROUTING_V6}.
     *
     * @param p4Name P4 name
     * @return constant name
     */
    static String constantName(String p4Name) {
        return p4Name.replaceAll("([a-z0-9])([A-Z])", "$1_$2")
                .replaceAll("[^A-Za-z0-9]+", "_")
                .toUpperCase();
    }

    private static void put(Map<String, String> map, String p4Name) {
        String name = constantName(p4Name);
        String previous = map.put(name, p4Name);
        if (previous != null && !previous.equals(p4Name)) {
            throw new IllegalArgumentException(p4Name + " and " + previous + " both map to " + name);
        }
    }

    private static void putWidth(Map<String, String> names, Map<String, Integer> widths, String name,
                                 String p4Name, int width) {
        String previous = names.put(name, p4Name);
        Integer previousWidth = widths.put(name, width);
        if ((previous != null && !previous.equals(p4Name))
                || (previousWidth != null && previousWidth != width)) {
            // One constant must mean one width everywhere, or Java would fit values wrongly.
            throw new IllegalArgumentException(p4Name + " is declared with widths " + previousWidth
                                                       + " and " + width + ": give them distinct names");
        }
    }

    private static void section(StringBuilder java, String title, String type, Map<String, String> names,
                                Map<String, Integer> widths) {
        java.append("\n    // ").append(title).append('\n');
        names.forEach((name, p4Name) -> {
            java.append("    public static final ").append(type).append(' ').append(name).append(" =\n")
                    .append("            ").append(type).append(".of(\"").append(p4Name).append("\");\n");
            Integer width = widths.get(name);
            if (width != null) {
                java.append("    public static final int ").append(name).append("_BITWIDTH = ")
                        .append(width).append(";\n");
            }
        });
    }

    /**
     * Writes the constants file.
     *
     * @param args P4Info path and output Java file path
     * @throws Exception when reading, parsing or writing fails
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: P4InfoConstantsGenerator <P4InfoConstants.java> <p4info_names.py> <p4info.txt>...");
            System.exit(2);
        }
        List<File> p4Infos = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            p4Infos.add(new File(args[i]));
        }
        List<PiPipelineModel> models = parse(p4Infos);
        String source = sourceNames(p4Infos);
        Files.write(new File(args[0]).toPath(), generate(models, source).getBytes(StandardCharsets.UTF_8));
        Files.write(new File(args[1]).toPath(), generatePython(models, source).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Parses P4Info files.
     *
     * @param p4Infos the files
     * @return their pipeline models, in order
     * @throws Exception when one cannot be read or parsed
     */
    static List<PiPipelineModel> parse(List<File> p4Infos) throws Exception {
        List<PiPipelineModel> models = new ArrayList<>();
        for (File p4Info : p4Infos) {
            models.add(P4InfoParser.parse(p4Info.toURI().toURL()));
        }
        return models;
    }

    /**
     * Names the P4Info files for the header comment: their paths in the module, joined by " and ".
     *
     * @param p4Infos the files
     * @return e.g. "src/main/resources/p4c-out/full/bmv2/p4info.txt and …/bng/bmv2/p4info.txt"
     */
    static String sourceNames(List<File> p4Infos) {
        return p4Infos.stream().map(PipeconfPaths::relativeToPipeconf).collect(Collectors.joining(" and "));
    }
}
