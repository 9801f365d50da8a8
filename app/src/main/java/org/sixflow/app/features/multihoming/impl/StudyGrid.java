// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.apache.commons.math3.distribution.TDistribution;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.features.multihoming.api.CellLimit;
import org.sixflow.app.features.multihoming.api.GridRow;
import org.sixflow.app.features.multihoming.api.PlannedTrial;
import org.sixflow.app.features.multihoming.api.TrialCell;
import org.sixflow.app.features.multihoming.api.UplinkCount;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The thesis's grid: a run's cells averaged over their repetitions, in plan order. A repetition
 * that failed is left out of the means (the row counts those that measured); a row is limited
 * when any of its repetitions was.
 */
final class StudyGrid {

    private StudyGrid() {
    }

    /**
     * The grid of a run's cells (limits applied).
     *
     * @param cells the cells, in plan order
     * @return one row per protocol, sharing level, frame size and load
     */
    static List<GridRow> rows(List<TrialCell> cells) {
        Map<List<Object>, List<TrialCell>> groups = new LinkedHashMap<>();
        for (TrialCell cell : cells) {
            PlannedTrial t = cell.trial();
            groups.computeIfAbsent(List.of(t.protocol(), t.sharing(), t.frameSize(), t.transport(),
                                           t.loadMbps().map(Object.class::cast).orElse("tcp")),
                                   k -> new ArrayList<>()).add(cell);
        }
        List<GridRow> rows = new ArrayList<>();
        for (List<TrialCell> group : groups.values()) {
            PlannedTrial t = group.get(0).trial();
            List<TrialCell> measured = new ArrayList<>();
            group.stream().filter(c -> c.error().isEmpty()).forEach(measured::add);
            CellLimit limit = group.stream().map(TrialCell::limit).filter(Optional::isPresent).map(Optional::get)
                    .findFirst().orElse(null);
            Map<ConnectPoint, List<Double>> shares = new TreeMap<>(
                    (a, b) -> a.toString().compareTo(b.toString()));
            for (TrialCell c : measured) {
                for (UplinkCount u : c.uplinks()) {
                    shares.computeIfAbsent(u.uplink(), k -> new ArrayList<>()).add(u.shareOut());
                }
            }
            Map<ConnectPoint, Double> meanShares = new LinkedHashMap<>();
            shares.forEach((uplink, values) -> meanShares.put(uplink, values.stream().mapToDouble(d -> d)
                    .average().orElse(0)));
            List<Double> goodputs = values(measured, TrialCell::goodputMbps);
            rows.add(new GridRow(t.protocol(), t.sharingLabel().orElse(null), t.transport(), t.frameSize(),
                                 t.loadMbps().orElse(null), measured.size(), mean(goodputs), halfWidth(goodputs),
                                 mean(values(measured, TrialCell::lossPercent)),
                                 mean(values(measured, TrialCell::byteLossPercent)),
                                 mean(values(measured, TrialCell::jitterMs)),
                                 mean(values(measured, c -> c.reordered().map(Long::doubleValue))),
                                 mean(values(measured, c -> c.rtt().flatMap(r -> r.meanMs()))), meanShares, limit));
        }
        return rows;
    }

    private static List<Double> values(List<TrialCell> cells, Function<TrialCell, Optional<Double>> figure) {
        List<Double> values = new ArrayList<>();
        cells.forEach(c -> figure.apply(c).ifPresent(values::add));
        return values;
    }

    private static Double mean(List<Double> values) {
        return values.isEmpty() ? null : values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    /** Student-t 95 % half width of the mean; null below two values. */
    static Double halfWidth(List<Double> values) {
        int n = values.size();
        if (n < 2) {
            return null;
        }
        double mean = mean(values);
        double variance = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / (n - 1);
        double t = new TDistribution(n - 1).inverseCumulativeProbability(0.975);
        return t * Math.sqrt(variance / n);
    }
}
