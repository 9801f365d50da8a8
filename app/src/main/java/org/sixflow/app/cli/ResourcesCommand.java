// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.cli.net.DeviceIdCompleter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.app.api.MauReport;
import org.sixflow.app.api.MauResource;
import org.sixflow.app.api.MauResourceType;
import org.sixflow.app.api.MauStage;
import org.sixflow.app.api.ResourceService;
import org.sixflow.app.api.TableOccupancy;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Prints the Tofino compiler's MAU use per stage and the latest occupancy of every P4 table.
 */
@Service
@Command(scope = "sixflow", name = "resources",
        description = "Prints the Tofino MAU use per stage (compiler report) and P4 table occupancy")
public class ResourcesCommand extends AbstractShellCommand {

    @Option(name = "--pipeconf", description = "Pipeconf whose Tofino compiler report to show (default "
            + "org.sixflow.core.tofino)")
    @Completion(PipeconfIdCompleter.class)
    String pipeconf = null;

    @Option(name = "--device", description = "Only this device's tables")
    @Completion(DeviceIdCompleter.class)
    String device = null;

    @Override
    protected void doExecute() {
        ResourceService resources = get(ResourceService.class);
        PiPipeconfId pipeconfId = pipeconf == null ? SixflowPipeconfs.CORE_TOFINO : new PiPipeconfId(pipeconf);
        List<TableOccupancy> tables;
        try {
            tables = resources.tableOccupancy(Optional.ofNullable(device).map(DeviceId::deviceId));
        } catch (IllegalArgumentException e) {
            error("device %s is not a device id: %s", device, e.getMessage());
            return;
        }
        MauReport report = null;
        String missing = null;
        try {
            report = resources.mauReport(pipeconfId);
        } catch (ItemNotFoundException | UncheckedIOException e) {
            // The occupancy is still worth showing when the compiler report is not.
            missing = e.getMessage();
        }
        if (outputJson()) {
            ObjectNode json = mapper().createObjectNode();
            if (report != null) {
                json.set("mau", jsonForEntity(report, MauReport.class));
            } else {
                json.putNull("mau").put("mauMissing", missing);
            }
            ArrayNode rows = json.putArray("tables");
            tables.forEach(t -> rows.add(jsonForEntity(t, TableOccupancy.class)));
            print("%s", json);
            return;
        }
        (report != null ? mauLines(report) : List.of("MAU report: " + missing)).forEach(line -> print("%s", line));
        print("%s", "");
        tableLines(tables).forEach(line -> print("%s", line));
    }

    /**
     * Renders a MAU report: one row per stage with each resource as used/capacity, then the
     * totals with the share in use.
     *
     * @param report the report
     * @return lines
     */
    static List<String> mauLines(MauReport report) {
        MauResourceType[] types = MauResourceType.values();
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("stage"));
        for (MauResourceType type : types) {
            header.add(type.label());
        }
        rows.add(header);
        for (MauStage stage : report.stages()) {
            List<String> row = new ArrayList<>(List.of(Integer.toString(stage.stage())));
            for (MauResourceType type : types) {
                row.add(stage.resource(type).map(r -> r.used() + "/" + r.capacity()).orElse("-"));
            }
            rows.add(row);
        }
        List<String> total = new ArrayList<>(List.of("total"));
        List<String> share = new ArrayList<>(List.of("used"));
        for (MauResourceType type : types) {
            Optional<MauResource> sum = report.totals().stream().filter(r -> r.type() == type).findFirst();
            total.add(sum.map(r -> r.used() + "/" + r.capacity()).orElse("-"));
            share.add(sum.filter(r -> r.capacity() > 0)
                              .map(r -> String.format(Locale.ROOT, "%.1f%%", 100.0 * r.used() / r.capacity()))
                              .orElse("-"));
        }
        rows.add(total);
        rows.add(share);
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        lines.add(String.format(Locale.ROOT, "MAU of %s, compiled by %s: %d stages, %d in use", report.pipeconf(),
                                report.compiler(), report.stageCount(), report.stagesUsed()));
        lines.addAll(columns(rows));
        return lines.build();
    }

    /**
     * Renders table occupancy, one row per device and table.
     *
     * @param tables readings
     * @return lines
     */
    static List<String> tableLines(List<TableOccupancy> tables) {
        if (tables.isEmpty()) {
            return ImmutableList.of("No table occupancy recorded");
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("device", "table", "entries", "size", "full", "time"));
        for (TableOccupancy t : tables) {
            rows.add(List.of(t.deviceId().toString(), t.table(), Integer.toString(t.entries()),
                             Integer.toString(t.size()),
                             t.size() > 0 ? String.format(Locale.ROOT, "%.1f%%", 100.0 * t.entries() / t.size()) : "-",
                             t.time().toString()));
        }
        return columns(rows);
    }

    // Left-aligned columns as wide as their widest cell.
    private static List<String> columns(List<List<String>> rows) {
        int[] widths = new int[rows.get(0).size()];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        List<String> lines = new ArrayList<>();
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                line.append(String.format(Locale.ROOT, "%-" + widths[i] + "s", row.get(i)));
                if (i < row.size() - 1) {
                    line.append("  ");
                }
            }
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }
}
