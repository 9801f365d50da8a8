// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.ConfidenceInterval;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.ExperimentRepetitionResult;
import org.sixflow.app.api.ExperimentResults;
import org.sixflow.app.api.ExperimentStageResult;
import org.sixflow.app.api.ExperimentTable;
import org.sixflow.app.api.FeatureComparison;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.OverheadProbability;
import org.sixflow.app.api.StabilitySummary;

import java.util.List;

/**
 * A run's results in JSON (definitions/ExperimentResults.json): per cell and class the figures,
 * the comparisons with the baseline, and the studies' tables as rows of cells. Latencies are in
 * nanoseconds; a figure that does not exist is null.
 */
public final class ExperimentResultsCodec extends JsonCodec<ExperimentResults> {

    @Override
    public ObjectNode encode(ExperimentResults r, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode().put("runId", r.runId())
                .put("experimentId", r.experimentId());
        if (r.pacing().isPresent()) {
            ExperimentRunCodec.pacing(json.putObject("pacing"), r.pacing().get());
        } else {
            json.putNull("pacing");
        }
        ArrayNode cells = json.putArray("cells");
        for (ExperimentCellResult cell : r.cells()) {
            ObjectNode c = cells.addObject();
            ObjectNode k = c.putObject("cell").put("index", cell.cell().index())
                    .put("frameSize", cell.cell().frameSize()).put("intervalNanos", cell.cell().intervalNanos());
            JsonNumbers.putNullable(k, "loadMbps", cell.cell().loadMbps().orElse(null));
            ArrayNode classes = c.putArray("classes");
            cell.classes().forEach(result -> classResult(classes.addObject(), result));
        }
        ArrayNode comparisons = json.putArray("comparisons");
        r.comparisons().forEach(f -> comparison(comparisons.addObject(), f));
        ArrayNode tables = json.putArray("tables");
        r.tables().forEach(t -> table(tables.addObject(), t));
        return json;
    }

    private static void classResult(ObjectNode json, ExperimentClassResult r) {
        json.put("className", r.className()).put("role", r.role().name())
                .put("latencyClass", r.latencyClass().label()).put("device", r.device())
                .put("sent", r.sent()).put("warmupSent", r.warmupSent()).put("received", r.received())
                .put("lost", r.lost()).put("lossRatio", r.lossRatio()).put("lossBasis", r.lossBasis().name())
                .put("duplicates", r.duplicates()).put("reordered", r.reordered());
        if (r.latency().isPresent()) {
            latency(json.putObject("latency"), r.latency().get());
        } else {
            json.putNull("latency");
        }
        JsonNumbers.putNullable(json, "jitterNanos", r.jitterNanos().orElse(null));
        JsonNumbers.putNullable(json, "offeredMbps", r.offeredMbps().orElse(null));
        JsonNumbers.putNullable(json, "goodputMbps", r.goodputMbps().orElse(null));
        if (r.stability().isPresent()) {
            stability(json.putObject("stability"), r.stability().get());
        } else {
            json.putNull("stability");
        }
        ArrayNode stages = json.putArray("stages");
        for (ExperimentStageResult s : r.stages()) {
            ObjectNode stage = stages.addObject().put("device", s.device())
                    .put("latencyClass", s.latencyClass().label()).put("replica", s.replica())
                    .put("egressPort", s.egressPort()).put("count", s.count());
            JsonNumbers.putFinite(stage, "mean", s.mean());
            JsonNumbers.putFinite(stage, "variance", s.variance());
            JsonNumbers.putFinite(stage, "min", s.min());
            JsonNumbers.putFinite(stage, "max", s.max());
        }
        ArrayNode repetitions = json.putArray("repetitions");
        for (ExperimentRepetitionResult rep : r.repetitions()) {
            ObjectNode o = repetitions.addObject().put("repetition", rep.repetition()).put("sent", rep.sent())
                    .put("received", rep.received());
            JsonNumbers.putNullable(o, "mean", rep.mean().orElse(null));
        }
        if (r.confidence().isPresent()) {
            ConfidenceInterval ci = r.confidence().get();
            ObjectNode o = json.putObject("confidence").put("level", ci.level()).put("n", ci.n());
            JsonNumbers.putFinite(o, "mean", ci.mean());
            JsonNumbers.putFinite(o, "halfWidth", ci.halfWidth());
            JsonNumbers.putFinite(o, "low", ci.low());
            JsonNumbers.putFinite(o, "high", ci.high());
        } else {
            json.putNull("confidence");
        }
        if (r.queueing().isPresent()) {
            json.put("queueing", r.queueing().get());
        } else {
            json.putNull("queueing");
        }
    }

    private static void latency(ObjectNode json, LatencySummary l) {
        json.put("count", l.count());
        JsonNumbers.putFinite(json, "mean", l.mean());
        JsonNumbers.putFinite(json, "stdev", l.stdev());
        JsonNumbers.putFinite(json, "variance", l.variance());
        JsonNumbers.putFinite(json, "min", l.min());
        JsonNumbers.putFinite(json, "max", l.max());
        JsonNumbers.putFinite(json, "range", l.range());
        JsonNumbers.putFinite(json, "p50", l.p50());
        JsonNumbers.putFinite(json, "p90", l.p90());
        JsonNumbers.putFinite(json, "p99", l.p99());
        JsonNumbers.putFinite(json, "ksStatistic", l.ksStatistic());
        JsonNumbers.putFinite(json, "ksPValue", l.ksPValue());
    }

    private static void stability(ObjectNode json, StabilitySummary s) {
        json.put("count", s.count());
        JsonNumbers.putFinite(json, "mean", s.mean());
        JsonNumbers.putFinite(json, "p50", s.p50());
        JsonNumbers.putFinite(json, "p90", s.p90());
        JsonNumbers.putFinite(json, "p99", s.p99());
        JsonNumbers.putFinite(json, "max", s.max());
        ArrayNode bins = json.putArray("bins");
        List<Double> edges = StabilitySummary.BIN_EDGES;
        for (int i = 0; i < edges.size(); i++) {
            ObjectNode bin = bins.addObject().put("from", edges.get(i));
            if (i + 1 < edges.size()) {
                bin.put("to", edges.get(i + 1));
            } else {
                bin.putNull("to");
            }
            bin.put("count", s.bins().get(i));
        }
    }

    private static void comparison(ObjectNode json, FeatureComparison f) {
        json.put("cellIndex", f.cellIndex()).put("feature", f.feature()).put("baseline", f.baseline());
        ObjectNode diff = json.putObject("diff");
        JsonNumbers.putFinite(diff, "mean", f.diffMean());
        JsonNumbers.putFinite(diff, "stdev", f.diffStdev());
        JsonNumbers.putFinite(diff, "max", f.diffMax());
        JsonNumbers.putFinite(diff, "min", f.diffMin());
        JsonNumbers.putFinite(json, "meanRatio", f.meanRatio());
        JsonNumbers.putFinite(json, "kMean", f.kMean());
        JsonNumbers.putFinite(json, "kStdev", f.kStdev());
        probabilities(json.putArray("onePacket"), f.onePacket());
        json.put("meanOf", f.meanOf());
        probabilities(json.putArray("meanOfPackets"), f.meanOfPackets());
    }

    private static void probabilities(ArrayNode array, List<OverheadProbability> rows) {
        for (OverheadProbability p : rows) {
            ObjectNode o = array.addObject();
            JsonNumbers.putFinite(o, "threshold", p.threshold());
            JsonNumbers.putFinite(o, "valueNanos", p.valueNanos());
            JsonNumbers.putFinite(o, "probability", p.probability());
        }
    }

    static void table(ObjectNode json, ExperimentTable t) {
        json.put("id", t.id()).put("title", t.title());
        t.columns().forEach(json.putArray("columns")::add);
        ArrayNode rows = json.putArray("rows");
        for (List<Object> row : t.rows()) {
            ArrayNode cells = rows.addArray();
            for (Object cell : row) {
                if (cell == null) {
                    cells.addNull();
                } else if (cell instanceof String) {
                    cells.add((String) cell);
                } else if (cell instanceof Integer || cell instanceof Long) {
                    cells.add(((Number) cell).longValue());
                } else {
                    double v = ((Number) cell).doubleValue();
                    if (Double.isFinite(v)) {
                        cells.add(v);
                    } else {
                        cells.addNull();
                    }
                }
            }
        }
    }
}
