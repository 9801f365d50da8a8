// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.sixflow.app.features.multihoming.api.CellLimit;
import org.sixflow.app.features.multihoming.api.PlannedTrial;
import org.sixflow.app.features.multihoming.api.StudyTransport;
import org.sixflow.app.features.multihoming.api.TrialCell;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Marks the cells whose rate the lab could not carry, as the thesis marks the rates it could not
 * reach: {@link CellLimit#SENDER} when the sender sent less than {@value #SENDER_SHARE} of the
 * rate; {@link CellLimit#LAB_CAPACITY} when more than {@value #CAPACITY_LOSS} % was lost while the
 * same protocol, sharing level and frame size lost less than {@value #BASELINE_LOSS} % at the
 * lowest rate (so the loss came with the rate, not with the protocol). Derived when read, never
 * stored: the rule can change and old runs follow.
 */
final class CellLimits {

    static final double SENDER_SHARE = 0.9;
    static final double CAPACITY_LOSS = 5;
    static final double BASELINE_LOSS = 1;

    private CellLimits() {
    }

    /**
     * The cells with their limits.
     *
     * @param cells a run's cells
     * @return the same cells, limited ones marked
     */
    static List<TrialCell> apply(List<TrialCell> cells) {
        Map<List<Object>, List<TrialCell>> groups = cells.stream()
                .filter(c -> c.trial().transport() == StudyTransport.UDP && c.error().isEmpty())
                .collect(Collectors.groupingBy(c -> group(c.trial())));
        List<TrialCell> marked = new ArrayList<>(cells.size());
        for (TrialCell cell : cells) {
            marked.add(mark(cell, groups.getOrDefault(group(cell.trial()), List.of())));
        }
        return marked;
    }

    private static List<Object> group(PlannedTrial t) {
        return List.of(t.protocol(), t.sharing(), t.frameSize());
    }

    private static TrialCell mark(TrialCell cell, List<TrialCell> group) {
        PlannedTrial t = cell.trial();
        if (t.transport() != StudyTransport.UDP || cell.error().isPresent()) {
            return cell;
        }
        double load = t.loadMbps().orElseThrow();
        Optional<Double> sent = cell.sentMbps();
        if (sent.isPresent() && sent.get() < SENDER_SHARE * load) {
            return cell.toBuilder().limit(CellLimit.SENDER, String.format(Locale.ROOT,
                    "the sender sent %.2f of %.2f Mbit/s", sent.get(), load)).build();
        }
        Optional<Double> loss = cell.lossPercent();
        if (loss.isEmpty() || loss.get() <= CAPACITY_LOSS) {
            return cell;
        }
        double lowest = group.stream().map(c -> c.trial().loadMbps().orElseThrow()).min(Comparator.naturalOrder())
                .orElse(load);
        if (lowest >= load) {
            return cell;
        }
        List<Double> baseline = group.stream().filter(c -> c.trial().loadMbps().orElseThrow() == lowest)
                .map(TrialCell::lossPercent).filter(Optional::isPresent).map(Optional::get)
                .filter(Objects::nonNull).collect(Collectors.toList());
        double baselineLoss = baseline.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        if (!(baselineLoss < BASELINE_LOSS)) {
            return cell;
        }
        return cell.toBuilder().limit(CellLimit.LAB_CAPACITY, String.format(Locale.ROOT,
                "%.1f %% lost at %.2f Mbit/s, %.2f %% at %.2f Mbit/s", loss.get(), load, baselineLoss, lowest)).build();
    }
}
