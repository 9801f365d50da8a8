// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import com.google.common.collect.ImmutableList;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentPreset;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.LatencyClass;

import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The experiment targets the running features contribute, as one snapshot: the target serving
 * each field of a class (the first bound, should two serve one), and what the core asks of them
 * all.
 */
public final class ExperimentTargets {

    /** No feature contributes a target. */
    public static final ExperimentTargets NONE = of(List.of());

    private final List<ExperimentTarget> all;
    private final Map<ExperimentTarget.Field, ExperimentTarget> byField =
            new EnumMap<>(ExperimentTarget.Field.class);

    private ExperimentTargets(Collection<? extends ExperimentTarget> targets) {
        all = ImmutableList.copyOf(targets);
        all.forEach(t -> byField.putIfAbsent(t.field(), t));
    }

    /**
     * Takes a snapshot of targets.
     *
     * @param targets the targets, in the order they came
     * @return the snapshot
     */
    public static ExperimentTargets of(Collection<? extends ExperimentTarget> targets) {
        return new ExperimentTargets(targets);
    }

    /**
     * Returns every target.
     *
     * @return the targets, in the order they came
     */
    public List<ExperimentTarget> all() {
        return all;
    }

    /**
     * Returns the target serving a field.
     *
     * @param field the field
     * @return the target, or empty when no running feature serves it
     */
    public Optional<ExperimentTarget> serving(ExperimentTarget.Field field) {
        return Optional.ofNullable(byField.get(field));
    }

    /**
     * Returns the field in which a class names the object it exercises.
     *
     * @param c the class
     * @return the first field naming one, or empty when the class exercises none
     */
    public static Optional<ExperimentTarget.Field> named(ExperimentClass c) {
        for (ExperimentTarget.Field field : ExperimentTarget.Field.values()) {
            if (field.in(c).isPresent()) {
                return Optional.of(field);
            }
        }
        return Optional.empty();
    }

    /**
     * Says that a class names an object of a field no running feature serves, in the words a user
     * reads: the class cannot be checked against its object, so it is refused rather than guessed.
     *
     * @param field the field
     * @param id    the object's id
     * @return e.g. "GTP-U tunnels unavailable: this controller has no GTP-U tunnel service to look
     *         the tunnel up in (tunnel t)"
     */
    public static String unavailable(ExperimentTarget.Field field, String id) {
        return field.kinds() + " unavailable: this controller has no " + field.kind() + " service to look the "
                + field.jsonName() + " up in (" + field.jsonName() + " " + id + ")";
    }

    /**
     * Tells whether a latency class's results are laid out per load point
     * ({@link ExperimentTarget#tablesPerLoadPoint}).
     *
     * @param latencyClass the class
     * @return true when a target measuring its objects as that class asks for such tables
     */
    public boolean tabledPerLoadPoint(LatencyClass latencyClass) {
        return all.stream().anyMatch(t -> t.tablesPerLoadPoint() && t.latencyClasses().contains(latencyClass));
    }

    /**
     * Returns where the packets of a class go on to, as the targets measuring their objects as
     * its latency class say ({@link ExperimentTarget#downstreamClasses(ExperimentClass)}).
     *
     * @param c a class of an experiment
     * @return e.g. apn6-transit for apn6-insert; none for a class no target measures
     */
    public Set<LatencyClass> downstreamOf(ExperimentClass c) {
        Set<LatencyClass> classes = EnumSet.noneOf(LatencyClass.class);
        all.stream().filter(t -> t.latencyClasses().contains(c.latencyClass()))
                .forEach(t -> classes.addAll(t.downstreamClasses(c)));
        return classes;
    }

    /**
     * Returns the presets the targets contribute, by their order, then id, the same whichever
     * order the features started in; an id a preset earlier in the list has is left out.
     *
     * @return the presets' experiments
     */
    public List<Experiment> presets() {
        Map<String, Experiment> byId = new LinkedHashMap<>();
        all.stream().flatMap(t -> t.presets().stream())
                .sorted(Comparator.comparingInt(ExperimentPreset::order)
                                .thenComparing(p -> p.experiment().id()))
                .forEach(p -> byId.putIfAbsent(p.experiment().id(), p.experiment()));
        return ImmutableList.copyOf(byId.values());
    }
}
