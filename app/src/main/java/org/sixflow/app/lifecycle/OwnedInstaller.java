// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import com.google.common.collect.ImmutableListMultimap;
import com.google.common.collect.ListMultimap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.TableShortfall;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The owner's half of the lifecycle, for every feature: brings the devices to what an object
 * this instance owns compiles to, in rounds of flow-rule operations ({@link InstallRounds}) whose
 * outcome becomes the object's status, and takes a removed object's entries out.
 *
 * <p>A round writes what the devices lack: every entry of a version this instance has no record
 * of, else the entries that are new or changed since the version it installed, and every entry
 * again on a device that refused one. What the new version no longer has goes only once the
 * devices confirmed the rest (make before break), except entries another stored object compiles
 * to ({@link OwnedFeature#sharedWithOthers}).
 *
 * <p>Before a round it asks again whether the object can go: each device it is placed on must
 * take the feature ({@link OwnedFeature#unfit}), and the tables must have room for the new
 * entries, counting what the devices hold, what this instance has written for its other objects,
 * the entries being replaced (they stay until the new ones are confirmed) and the pending objects
 * other instances own. An object that cannot go is FAILED naming the device; a version already
 * installed stays as it is, and a later round retries.
 *
 * <p>Not thread-safe: the owner calls it from its work thread only, and outcomes come back
 * through that thread.
 *
 * @param <T> the objects
 */
public final class OwnedInstaller<T> {

    private final Logger log = getLogger(getClass());
    private final String kind;
    private final String what;
    private final OwnedFeature<T> feature;
    private final TableBudget budget;
    private final BiFunction<String, Function<T, Collection<FlowRule>>, List<FlowRule>> pendingElsewhere;
    private final InstallRounds<T> rounds;

    /**
     * Creates the installer.
     *
     * @param kind             what the objects are, for logs ("NPTv6 mapping")
     * @param what             what needs the entries, in a table shortfall's words ("this mapping")
     * @param feature          the feature's objects
     * @param flowRules        where entries go
     * @param work             the owner's work thread, where outcomes are handled
     * @param budget           the room in the devices' tables
     * @param pendingElsewhere the entries of objects other instances own and have not installed
     *                         yet, leaving out the given one, compiled with the given compiler
     */
    OwnedInstaller(String kind, String what, OwnedFeature<T> feature, FlowRuleService flowRules, Executor work,
                   TableBudget budget,
                   BiFunction<String, Function<T, Collection<FlowRule>>, List<FlowRule>> pendingElsewhere) {
        this.kind = kind;
        this.what = what;
        this.feature = feature;
        this.budget = budget;
        this.pendingElsewhere = pendingElsewhere;
        this.rounds = new InstallRounds<>(kind, feature::id, flowRules, work, feature::setStatus);
    }

    /**
     * Brings the devices to what an object compiles to now.
     *
     * @param object   the version to install (as {@link OwnedFeature#serving} gives it), owned here
     * @param previous the version it replaced, whose entries go if this instance has no record of
     *                 what it installed
     * @param compile  the compiler of this task ({@link OwnedFeature#compiler}, asked once per task)
     */
    void install(T object, Optional<T> previous, Function<T, Collection<FlowRule>> compile) {
        String id = feature.id(object);
        for (DeviceId device : feature.placedOn(object)) {
            Optional<String> refusal = feature.unfit(device);
            if (refusal.isPresent()) {
                log.warn("{} {} cannot go on {}: {}", kind, id, device, refusal.get());
                rounds.forget(id);
                feature.setStatus(object, InstallStatus.failed(device, refusal.get()));
                return;
            }
        }
        ListMultimap<DeviceId, FlowRule> wanted = byDevice(compile.apply(object));
        InstallRounds.Version<T> before = rounds.installed(id).orElse(null);
        boolean same = before != null && before.object().equals(object);
        InstallRounds.Version<T> now = same ? before : rounds.newVersion(object);
        Collection<FlowRule> old = before != null ? before.rules().values()
                : previous.map(compile).orElse(List.of());
        List<FlowRule> toAdd = missing(wanted, before);
        Set<FlowId> keep = new HashSet<>();
        wanted.values().forEach(r -> keep.add(r.id()));
        List<T> versions = new ArrayList<>(List.of(object));
        (before != null ? Optional.of(before.object()) : previous).filter(p -> !p.equals(object))
                .ifPresent(versions::add);
        keep.addAll(feature.sharedWithOthers(id, versions, compile));
        List<FlowRule> toRemove = old.stream().filter(r -> !keep.contains(r.id())).collect(Collectors.toList());
        toRemove.forEach(r -> keep.add(r.id()));
        toRemove.addAll(feature.strays(object, keep));
        List<TableShortfall> full = toAdd.isEmpty() ? List.of()
                : budget.shortfalls(toAdd, claimed(id, toAdd, old, compile));
        if (!full.isEmpty()) {
            TableShortfall first = full.get(0);
            String reason = first.describe(what);
            log.warn("{} {} does not fit: {}", kind, id, reason);
            if (same) {
                // This version stays as installed; a later round (room freed, the device back) retries.
                rounds.refuse(before, first.deviceId(), reason);
            } else {
                feature.setStatus(object, InstallStatus.failed(first.deviceId(), reason));
            }
            return;
        }
        rounds.put(now, wanted);
        rounds.run(now, toAdd, toRemove);
    }

    /**
     * Writes every entry of the objects this instance installed on a device again.
     *
     * @param device a device that became available
     */
    void reapply(DeviceId device) {
        rounds.reapply(device);
    }

    /**
     * Removes a removed object's entries, except those another stored object compiles to.
     *
     * @param object  the object as it was
     * @param compile the compiler of this task
     */
    void uninstall(T object, Function<T, Collection<FlowRule>> compile) {
        String id = feature.id(object);
        Collection<FlowRule> old = rounds.forget(id).map(v -> v.rules().values())
                .orElseGet(() -> compile.apply(object));
        Set<FlowId> keep = new HashSet<>(feature.sharedWithOthers(id, List.of(object), compile));
        List<FlowRule> gone = old.stream().filter(r -> !keep.contains(r.id())).collect(Collectors.toList());
        Set<FlowId> going = gone.stream().map(FlowRule::id).collect(Collectors.toSet());
        going.addAll(keep);
        gone.addAll(feature.strays(object, going));
        rounds.remove(id, gone);
    }

    /**
     * Forgets an object another instance owns now (its entries stay: the new owner keeps them).
     *
     * @param id the object's id
     */
    void forget(String id) {
        rounds.forget(id);
    }

    /** The objects this instance installed, by id. */
    Set<String> owned() {
        return rounds.owned();
    }

    /**
     * What a round writes: what this instance has not written of the version (all of it, when it
     * has no record), and everything again on the devices that refused an entry.
     */
    private static <T> List<FlowRule> missing(ListMultimap<DeviceId, FlowRule> wanted,
                                              InstallRounds.Version<T> before) {
        if (before == null) {
            return List.copyOf(wanted.values());
        }
        Map<FlowId, FlowRule> had = before.rules().values().stream()
                .collect(Collectors.toMap(FlowRule::id, r -> r, (a, b) -> a));
        return wanted.values().stream()
                .filter(r -> had.get(r.id()) == null || !had.get(r.id()).exactMatch(r) || before.refused(r.deviceId()))
                .collect(Collectors.toList());
    }

    /**
     * What takes room on a round's devices while it is checked, besides what the devices hold:
     * the entries it replaces, this instance's other objects (their latest rounds may not show on
     * the devices yet), and other instances' pending objects.
     */
    private List<FlowRule> claimed(String id, Collection<FlowRule> toAdd, Collection<FlowRule> replaced,
                                   Function<T, Collection<FlowRule>> compile) {
        Set<DeviceId> devices = toAdd.stream().map(FlowRule::deviceId).collect(Collectors.toSet());
        List<FlowRule> claimed = new ArrayList<>(replaced);
        for (InstallRounds.Version<T> version : rounds.versions()) {
            if (!feature.id(version.object()).equals(id)) {
                devices.forEach(device -> claimed.addAll(version.rules().get(device)));
            }
        }
        claimed.addAll(pendingElsewhere.apply(id, compile));
        return claimed;
    }

    private static ListMultimap<DeviceId, FlowRule> byDevice(Collection<FlowRule> rules) {
        return rules.stream().collect(ImmutableListMultimap.toImmutableListMultimap(FlowRule::deviceId, r -> r));
    }
}
