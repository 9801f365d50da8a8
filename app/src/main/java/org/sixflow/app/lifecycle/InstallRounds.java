// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableListMultimap;
import com.google.common.collect.ImmutableSet;
import com.google.common.collect.ListMultimap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;
import org.sixflow.app.api.InstallStatus;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Function;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The owner's bookkeeping of objects whose entries it installs (APN6 policies, GTP-U tunnels):
 * for each object this instance owns, the version it installed, its entries, the devices that
 * refused one, and the rounds of flow-rule operations that bring the devices to what the object
 * compiles to (new entries first, removals only once they are confirmed, {@link AddThenRemove},
 * so nothing is taken away before what replaces it is in). A round's outcome becomes the object's status:
 * INSTALLED when every device confirmed, FAILED with the device and reason when one refused,
 * REQUESTED when it has no entries (the network has nowhere to put them).
 *
 * <p>Only the outcome of a device's latest round says how the device is; an outcome that comes
 * back after the object was replaced or forgotten is dropped. Not thread-safe: the owner calls it
 * from its work thread only, and outcomes come back through that thread.
 *
 * @param <T> the objects (immutable values, equal when they compile alike)
 */
public final class InstallRounds<T> {

    private final Logger log = getLogger(getClass());
    private final String kind;
    private final Function<T, String> ids;
    private final FlowRuleService flowRules;
    private final Executor work;
    private final BiConsumer<T, InstallStatus> status;
    private final Map<String, Version<T>> installed = new HashMap<>();
    private long rounds;

    /**
     * Creates the bookkeeping.
     *
     * @param kind      what the objects are, for logs ("policy")
     * @param ids       an object's id
     * @param flowRules where entries go
     * @param work      the owner's work thread, where outcomes are handled
     * @param status    records an object's status (in its store, if that version is still stored)
     */
    public InstallRounds(String kind, Function<T, String> ids, FlowRuleService flowRules, Executor work,
                         BiConsumer<T, InstallStatus> status) {
        this.kind = kind;
        this.ids = ids;
        this.flowRules = flowRules;
        this.work = work;
        this.status = status;
    }

    /**
     * What this instance installed for one version of an object.
     *
     * @param <T> the objects
     */
    public static final class Version<T> {
        private final T object;
        private ListMultimap<DeviceId, FlowRule> rules = ImmutableListMultimap.of();
        /** The latest round that wrote to each device: only its outcome says how the device is. */
        private final Map<DeviceId, Long> lastRound = new HashMap<>();
        /** Devices that refused an entry in their latest round, with what they refused. */
        private final Map<DeviceId, String> refusals = new LinkedHashMap<>();
        /** Rounds whose outcome has not come back yet. */
        private final Set<Long> pending = new HashSet<>();

        private Version(T object) {
            this.object = object;
        }

        /** The version of the object. */
        public T object() {
            return object;
        }

        /** Its entries, per device, as this instance last wrote them. */
        public ListMultimap<DeviceId, FlowRule> rules() {
            return rules;
        }

        /**
         * Tells whether a device refused an entry in its latest round.
         *
         * @param device the device
         * @return true if it did
         */
        public boolean refused(DeviceId device) {
            return refusals.containsKey(device);
        }
    }

    /**
     * Returns what this instance installed for an object.
     *
     * @param id object id
     * @return the version, if this instance installed one
     */
    public Optional<Version<T>> installed(String id) {
        return Optional.ofNullable(installed.get(id));
    }

    /**
     * Starts a version this instance has not installed (it is recorded by {@link #put}).
     *
     * @param object the version
     * @return its bookkeeping
     */
    public Version<T> newVersion(T object) {
        return new Version<>(object);
    }

    /**
     * Records the entries a version has from now on, and the version as the one installed.
     *
     * @param version the version
     * @param rules   its entries
     */
    public void put(Version<T> version, ListMultimap<DeviceId, FlowRule> rules) {
        version.rules = rules;
        installed.put(ids.apply(version.object), version);
    }

    /**
     * Forgets an object (removed, or another instance owns it now: its entries stay).
     *
     * @param id object id
     * @return what was installed for it
     */
    public Optional<Version<T>> forget(String id) {
        return Optional.ofNullable(installed.remove(id));
    }

    /**
     * Returns the objects this instance installed.
     *
     * @return object ids
     */
    public Set<String> owned() {
        return ImmutableSet.copyOf(installed.keySet());
    }

    /**
     * Returns every version this instance installed.
     *
     * @return versions
     */
    public List<Version<T>> versions() {
        return ImmutableList.copyOf(installed.values());
    }

    /**
     * Records that a device refused a version before any round was run (e.g. a table without
     * room); the version stays as installed, and a later round retries.
     *
     * @param version the version
     * @param device  the device
     * @param reason  why
     */
    public void refuse(Version<T> version, DeviceId device, String reason) {
        version.refusals.put(device, reason);
        publish(version);
    }

    /**
     * Writes every entry of every object on a device again (the device may have lost them).
     *
     * @param device a device that became available
     */
    public void reapply(DeviceId device) {
        for (Version<T> version : versions()) {
            List<FlowRule> rules = version.rules.get(device);
            if (!rules.isEmpty()) {
                run(version, ImmutableList.copyOf(rules), List.of());
            }
        }
    }

    /**
     * Runs one round: the additions, then (once every one is confirmed) the removals; a refused
     * addition leaves what it was to replace. Its outcome
     * becomes the version's status.
     *
     * @param version  the version the round is for
     * @param toAdd    entries to write
     * @param toRemove entries to take out
     */
    public void run(Version<T> version, Collection<FlowRule> toAdd, Collection<FlowRule> toRemove) {
        if (toAdd.isEmpty() && toRemove.isEmpty()) {
            publish(version);
            return;
        }
        long round = ++rounds;
        Set<DeviceId> devices = new HashSet<>();
        toAdd.forEach(r -> devices.add(r.deviceId()));
        toRemove.forEach(r -> devices.add(r.deviceId()));
        devices.forEach(d -> version.lastRound.put(d, round));
        version.pending.add(round);
        // Removals go only once every new entry is confirmed: a refused replacement keeps the old.
        AddThenRemove.apply(flowRules, AddThenRemove.additions(toAdd), toRemove, new AddThenRemove.Outcome() {
            @Override
            public void succeeded() {
                work.execute(() -> settled(version, round, devices, true, Map.of()));
            }

            @Override
            public void failed(FlowRuleOperations refused) {
                Map<DeviceId, String> byDevice = refusals(refused);
                work.execute(() -> settled(version, round, devices, false, byDevice));
            }
        });
    }

    /**
     * Takes entries of a removed object out, logging what a device refused (there is no status
     * left to record it in).
     *
     * @param id   the object's id
     * @param gone its entries no other object needs
     */
    public void remove(String id, Collection<FlowRule> gone) {
        if (gone.isEmpty()) {
            return;
        }
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        gone.forEach(ops::remove);
        flowRules.apply(ops.build(new FlowRuleOperationsContext() {
            @Override
            public void onError(FlowRuleOperations failed) {
                log.warn("Removing {} {}'s entries failed: {}", kind, id, refusals(failed));
            }
        }));
    }

    /** Takes a round's outcome into the status, unless a newer round or version superseded it. */
    private void settled(Version<T> version, long round, Set<DeviceId> devices, boolean success,
                         Map<DeviceId, String> refused) {
        String id = ids.apply(version.object);
        if (installed.get(id) != version) {
            return;
        }
        version.pending.remove(round);
        for (DeviceId device : devices) {
            if (!Objects.equals(version.lastRound.get(device), round)) {
                continue;
            }
            if (success) {
                version.refusals.remove(device);
            } else if (refused.containsKey(device)) {
                version.refusals.put(device, refused.get(device));
            }
        }
        refused.forEach((device, reason) -> log.warn("{} refused {} {}: {}", device, kind, id, reason));
        publish(version);
    }

    private void publish(Version<T> version) {
        if (!version.pending.isEmpty()) {
            return;
        }
        InstallStatus now;
        if (!version.refusals.isEmpty()) {
            Map.Entry<DeviceId, String> first = version.refusals.entrySet().iterator().next();
            now = InstallStatus.failed(first.getKey(), first.getValue());
        } else {
            now = version.rules.isEmpty() ? InstallStatus.REQUESTED : InstallStatus.INSTALLED;
        }
        status.accept(version.object, now);
    }

    /**
     * Says what each device refused: how many operations, and the first.
     *
     * @param failed the refused operations
     * @return device to what it refused
     */
    public static Map<DeviceId, String> refusals(FlowRuleOperations failed) {
        Map<DeviceId, List<FlowRuleOperation>> byDevice = new LinkedHashMap<>();
        failed.stages().forEach(stage -> stage.forEach(
                op -> byDevice.computeIfAbsent(op.rule().deviceId(), d -> new ArrayList<>()).add(op)));
        Map<DeviceId, String> refused = new LinkedHashMap<>();
        byDevice.forEach((device, ops) -> {
            FlowRuleOperation first = ops.get(0);
            refused.put(device, "refused " + ops.size() + (ops.size() == 1 ? " entry" : " entries") + " (first: "
                    + first.type().name().toLowerCase(Locale.ROOT) + " in " + first.rule().table() + " "
                    + first.rule().selector().criteria() + ")");
        });
        return refused;
    }
}
