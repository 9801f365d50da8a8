// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.codec.CodecContext;
import org.sixflow.app.api.ConfidenceInterval;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCell;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentRepetitionResult;
import org.sixflow.app.api.ExperimentResults;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentStageResult;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.PacingSummary;
import org.sixflow.app.api.StabilitySummary;
import org.sixflow.app.experiments.ExperimentTargets;
import org.sixflow.app.experiments.results.StudyTables;
import org.sixflow.app.testing.Definitions;
import org.sixflow.app.testing.FeatureExperimentTargets;
import org.sixflow.app.testing.PlainCodecContext;

import java.time.Instant;
import java.util.Iterator;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The experiment schemas (definitions/Experiment*.json) name what the codecs write, and an
 * experiment survives the codec both ways.
 */
public class ExperimentSchemasTest {

    private static final CodecContext CONTEXT = new PlainCodecContext();

    private static JsonNode schema(String name) {
        return Definitions.schema(name);
    }

    private static void writesEveryProperty(JsonNode schema, JsonNode encoded, String where) {
        Iterator<String> names = schema.path("properties").fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            assertTrue("codec writes " + where + name, encoded.has(name));
        }
        schema.path("required").forEach(n -> assertTrue("codec writes " + where + n.asText(), encoded.has(n.asText())));
    }

    @Test
    public void experimentsSurviveTheCodecAndTheSchemaNamesWhatItWrites() throws Exception {
        ExperimentCodec codec = new ExperimentCodec();
        for (Experiment preset : FeatureExperimentTargets.presets()) {
            ObjectNode encoded = codec.encode(preset, CONTEXT);
            assertEquals(preset.id(), preset, codec.decode(encoded, CONTEXT));
        }
        JsonNode schema = schema("Experiment");
        assertEquals("Experiment", schema.path("title").asText());
        Experiment apn6 = FeatureExperimentTargets.preset("apn6-ietf109");
        ObjectNode encoded = codec.encode(apn6.toBuilder().interval(null).loadsMbps(List.of(1.0)).build(), CONTEXT);
        Iterator<String> names = schema.path("properties").fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            assertTrue("codec writes " + name, encoded.has(name) || name.equals("window"));
        }
        writesEveryProperty(schema.path("properties").path("classes").path("items"),
                            encoded.path("classes").get(1), "classes[].");
        writesEveryProperty(schema.path("properties").path("classes").path("items").path("properties").path("packet"),
                            encoded.path("classes").get(1).path("packet"), "classes[].packet.");
    }

    @Test
    public void runAndResultsSchemasNameWhatTheCodecsWrite() throws Exception {
        PacingSummary pacing = PacingSummary.of(1_000_000, 4, 1, 2, 3, 4, 5);
        ExperimentRun run = ExperimentRun.builder(3, "apn6").createdAt(Instant.parse("2026-11-24T10:00:00Z"))
                .pacing(pacing).resultsMillis(5L).build();
        JsonNode runSchema = schema("ExperimentRun");
        ObjectNode encodedRun = new ExperimentRunCodec().encode(run, CONTEXT);
        writesEveryProperty(runSchema, encodedRun, "");
        writesEveryProperty(runSchema.path("definitions").path("pacing"), encodedRun.path("pacing"), "pacing.");

        Experiment e = FeatureExperimentTargets.preset("apn6-ietf109");
        ExperimentClassResult.Builder r = ExperimentClassResult.builder("ipv6", ExperimentClassRole.BASELINE,
                                                                        LatencyClass.IPV6, "device:beijing")
                .latency(LatencySummary.builder().moments(3, 1, 1).extremes(0, 2).percentiles(1, 2, 2).normality(0.1, 0.9).build())
                .stability(StabilitySummary.of(2, 0, 0, 0, 0, 0, List.of(2L, 0L, 0L, 0L, 0L, 0L, 0L, 0L)))
                .stages(List.of(ExperimentStageResult.of("device:beijing", LatencyClass.IPV6, 0, 2, 3, 1, 1, 0, 2)))
                .repetitions(List.of(ExperimentRepetitionResult.of(0, 3, 3, 1.0)))
                .confidence(ConfidenceInterval.of(0.95, 2, 1, 0.5));
        List<ExperimentCellResult> cells = List.of(ExperimentCellResult.of(
                ExperimentCell.of(0, 128, 1_000_000, null),
                List.of(r.build(), ExperimentClassResult.builder("apn6", ExperimentClassRole.FEATURE,
                                                                 LatencyClass.APN6_INSERT, "device:beijing")
                        .latency(LatencySummary.builder().moments(3, 2, 1).extremes(1, 3).percentiles(2, 3, 3).normality(0.1, 0.9).build()).build())));
        ExperimentResults results = ExperimentResults.of(3, e.id(), cells, StudyTables.comparisons(e, cells),
                                                         StudyTables.of(e, cells, StudyTables.comparisons(e, cells),
                                                                        pacing, ExperimentTargets.NONE), pacing);
        JsonNode schema = schema("ExperimentResults");
        ObjectNode encoded = new ExperimentResultsCodec().encode(results, CONTEXT);
        writesEveryProperty(schema, encoded, "");
        JsonNode classResult = schema.path("definitions").path("classResult");
        JsonNode encodedClass = encoded.path("cells").get(0).path("classes").get(0);
        writesEveryProperty(classResult, encodedClass, "classes[].");
        for (String part : new String[]{"latency", "stability", "confidence"}) {
            writesEveryProperty(classResult.path("properties").path(part), encodedClass.path(part), part + ".");
        }
        writesEveryProperty(classResult.path("properties").path("stages").path("items"),
                            encodedClass.path("stages").get(0), "stages[].");
        writesEveryProperty(schema.path("definitions").path("comparison"), encoded.path("comparisons").get(0),
                            "comparisons[].");
        writesEveryProperty(schema.path("properties").path("tables").path("items"), encoded.path("tables").get(0),
                            "tables[].");
    }
}
