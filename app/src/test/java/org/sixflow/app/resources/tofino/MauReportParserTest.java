// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.resources.tofino;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.app.api.MauReport;
import org.sixflow.app.api.MauResource;
import org.sixflow.app.api.MauResourceType;
import org.sixflow.app.api.MauStage;
import org.sixflow.app.testing.TofinoArtifacts;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The parser on the Tofino compiler's real output for our TNA program (committed by
 * pipeconf/build-p4.sh), checked against an independent reading of the same compile:
 * pipe/logs/mau.resources.log, whose tables the compiler's own p4c-build-logs script writes
 * (per stage, the units in use, then the share of what each stage declares it has).
 */
public class MauReportParserTest {

    private static final PiPipeconfId TOFINO = new PiPipeconfId("org.sixflow.core.tofino");

    /** The mau.resources.log column of each resource. */
    private static final Map<MauResourceType, String> LOG_COLUMNS = new EnumMap<>(MauResourceType.class);

    static {
        LOG_COLUMNS.put(MauResourceType.SRAM, "SRAM");
        LOG_COLUMNS.put(MauResourceType.TCAM, "TCAM");
        LOG_COLUMNS.put(MauResourceType.LOGICAL_TABLES, "Logical TableID");
        LOG_COLUMNS.put(MauResourceType.EXACT_CROSSBAR_BYTES, "Exact Match Input xbar");
        LOG_COLUMNS.put(MauResourceType.TERNARY_CROSSBAR_BYTES, "Ternary Match Input xbar");
        LOG_COLUMNS.put(MauResourceType.HASH_BITS, "Hash Bit");
        LOG_COLUMNS.put(MauResourceType.ACTION_DATA_BUS_BYTES, "Action Data Bus Bytes");
        LOG_COLUMNS.put(MauResourceType.VLIW_SLOTS, "VLIW Instr");
        LOG_COLUMNS.put(MauResourceType.GATEWAYS, "Gateway");
    }

    private MauReport report;

    @Before
    public void parseTheCommittedReport() throws Exception {
        TofinoArtifacts.requireReport();
        try (InputStream in = new FileInputStream(TofinoArtifacts.RESOURCES_JSON)) {
            report = MauReportParser.parse(TOFINO, in);
        }
    }

    /** One of mau.resources.log's tables: its header and its rows, cells trimmed. */
    private static final class LogTable {
        final List<String> header;
        final List<List<String>> rows = new ArrayList<>();

        LogTable(List<String> header) {
            this.header = header;
        }

        String cell(String rowName, String column) {
            List<String> row = rows.stream().filter(r -> r.get(0).equals(rowName)).findFirst()
                    .orElseThrow(() -> new AssertionError("mau.resources.log has no row " + rowName));
            int index = header.indexOf(column);
            assertTrue("mau.resources.log has no column " + column, index >= 0);
            return row.get(index);
        }
    }

    private static List<String> cells(String line) {
        String inner = line.substring(line.indexOf('|') + 1, line.lastIndexOf('|'));
        return Arrays.stream(inner.split("\\|", -1)).map(String::trim).collect(Collectors.toList());
    }

    /** The tables that start with a "Stage Number" header: units in use, then shares. */
    private static List<LogTable> stageTables(File log) throws IOException {
        List<LogTable> tables = new ArrayList<>();
        LogTable current = null;
        for (String line : Files.readAllLines(log.toPath(), StandardCharsets.UTF_8)) {
            String text = line.trim();
            if (text.startsWith("|") && cells(text).get(0).equals("Stage Number")) {
                current = new LogTable(cells(text));
                tables.add(current);
            } else if (current != null && text.startsWith("|")) {
                List<String> row = cells(text);
                if (!row.get(0).isEmpty()) {
                    current.rows.add(row);
                }
            } else if (current != null && !text.startsWith("-")) {
                current = null;    // the table ended
            }
        }
        return tables;
    }

    @Test
    public void everyStageOfTheTofino1PipeIsListed() {
        assertEquals(TofinoCapacity.STAGES, report.stageCount());
        assertEquals(TofinoCapacity.STAGES, report.stages().size());
        for (MauStage stage : report.stages()) {
            assertEquals(List.of(MauResourceType.values()),
                         stage.resources().stream().map(MauResource::type).collect(Collectors.toList()));
            for (MauResource r : stage.resources()) {
                assertEquals(TofinoCapacity.perStage(r.type()), r.capacity());
            }
        }
        assertTrue("our program uses the MAU", report.stagesUsed() > 0);
    }

    @Test
    public void useAgreesWithTheCompilersOwnSummary() throws Exception {
        assertTrue("the compiler wrote no " + TofinoArtifacts.MAU_RESOURCES_LOG,
                   TofinoArtifacts.MAU_RESOURCES_LOG.isFile());
        List<LogTable> tables = stageTables(TofinoArtifacts.MAU_RESOURCES_LOG);
        assertTrue("mau.resources.log has its two stage tables", tables.size() >= 2);
        LogTable used = tables.get(0);
        LogTable shares = tables.get(1);
        assertEquals("one row per stage, then the totals", report.stageCount() + 1, used.rows.size());
        for (MauStage stage : report.stages()) {
            String row = Integer.toString(stage.stage());
            for (MauResource r : stage.resources()) {
                String column = LOG_COLUMNS.get(r.type());
                assertEquals("stage " + row + " " + r.type(), used.cell(row, column), Integer.toString(r.used()));
                // The log's share is taken against what the compiler says the stage has: the same
                // figure as Tofino 1's capacity here, or the shares would differ.
                assertEquals("stage " + row + " " + r.type() + " share", shares.cell(row, column),
                             percent(r.used(), r.capacity()));
            }
        }
        // (The log's "Average" row is not compared: it divides by the stages the report lists, not the pipe's.)
        for (MauResource total : report.totals()) {
            String column = LOG_COLUMNS.get(total.type());
            assertEquals("total " + total.type(), used.cell("Totals", column), Integer.toString(total.used()));
        }
    }

    /** A share as the log's Python writes it: 100.0 * (used / capacity), "%.2f%%", ties to even. */
    private static String percent(int used, int capacity) {
        double share = 100.0 * ((double) used / capacity);
        return new BigDecimal(share).setScale(2, RoundingMode.HALF_EVEN).toPlainString() + "%";
    }

    @Test
    public void theCompilerIsTheOneTheLogNames() throws Exception {
        String log = new String(Files.readAllBytes(TofinoArtifacts.MAU_RESOURCES_LOG.toPath()), StandardCharsets.UTF_8);
        assertTrue(report.compiler(), report.compiler().startsWith("bf-p4c "));
        String version = report.compiler().substring("bf-p4c ".length());
        assertTrue(version + " in\n" + log, log.contains("Compiler version: " + version + " "));
    }

    @Test
    public void aReportForAnotherChipIsRefused() throws Exception {
        ObjectNode json = (ObjectNode) new ObjectMapper().readTree(TofinoArtifacts.RESOURCES_JSON);
        ObjectNode stage = (ObjectNode) json.path("resources").path("mau").path("mau_stages").get(0);
        ((ObjectNode) stage.path("rams")).put("nColumns", 12);
        try {
            MauReportParser.parse(TOFINO, json);
            fail("took a 96-SRAM stage for Tofino 1");
        } catch (IOException e) {
            assertEquals("resources.json: stage 0 has 96 sram where Tofino 1 has 80; the report is for another chip",
                         e.getMessage());
        }
        ((ObjectNode) stage.path("rams")).remove("nColumns");
        try {
            MauReportParser.parse(TOFINO, json);
            fail("read a stage without its SRAM size");
        } catch (IOException e) {
            assertEquals("resources.json: resources.mau.mau_stages[stage 0].rams.nColumns is missing", e.getMessage());
        }
    }
}
