// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.apn6.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import com.google.common.collect.ListMultimap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;
import org.sixflow.app.api.Apn6Policy;
import org.sixflow.app.api.Apn6PolicyStatus;
import org.sixflow.app.api.Apn6PolicyStore;
import org.sixflow.app.api.TableShortfall;
import org.sixflow.app.apn6.Apn6PolicyCompiler;
import org.sixflow.app.resources.TableBudget;
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
import java.util.function.BiFunction;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The owner's half of APN6 policies: for each policy this instance owns, the entries it
 * installed and the devices that refused one, and the rounds of flow-rule operations that bring
 * the devices to what the policy compiles to now (new entries in a first stage, removals in a
 * second, so nothing is taken away before what replaces it is confirmed). A round's outcome
 * becomes the policy's status in the store: INSTALLED when every device confirmed, FAILED with
 * the device and reason when one refused, REQUESTED when the network has nowhere to put it.
 *
 * <p>Entries two policies compile to alike (transit SLA and egress strip entries of policies with
 * the same SLA level, APP ID and priority) are one flow rule: an entry leaves only when no other
 * stored policy compiles to it. Counting from the store, rather than keeping reference counts,
 * keeps the count right whichever instance owns the other policy and whatever it missed.
 *
 * <p>Before a round adds entries, their room is checked again (the manager checked when it
 * accepted the change, but other changes may have been accepted since): counting what the devices
 * hold, what this instance has written or is writing for its other policies, the version being
 * replaced (it stays until the new one is confirmed), and the pending policies other instances
 * own. A round that would overflow a table is not run: the policy is FAILED naming the device and
 * table, and what it had installed stays.
 *
 * <p>Not thread-safe: the manager calls it from its work thread only, and outcomes come back
 * through that thread.
 */
final class PolicyInstaller {

    private final Logger log = getLogger(getClass());
    private final FlowRuleService flowRules;
    private final Apn6PolicyStore store;
    private final Apn6PolicyCompiler compiler;
    private final Executor work;
    private final TableBudget budget;
    private final BiFunction<String, Apn6Network, List<FlowRule>> pendingElsewhere;
    private final Map<String, Installed> installed = new HashMap<>();
    private long rounds;

    /**
     * Creates the installer.
     *
     * @param flowRules where entries go
     * @param store     the policies (for their status, and for entries other policies share)
     * @param compiler  compiles policies
     * @param work      the manager's work thread, where outcomes are handled
     * @param budget    the room in the devices' tables
     * @param pendingElsewhere the entries of policies other instances own and have not installed
     *                  yet, leaving out the given policy, compiled on the given network
     */
    PolicyInstaller(FlowRuleService flowRules, Apn6PolicyStore store, Apn6PolicyCompiler compiler, Executor work,
                    TableBudget budget, BiFunction<String, Apn6Network, List<FlowRule>> pendingElsewhere) {
        this.flowRules = flowRules;
        this.store = store;
        this.compiler = compiler;
        this.work = work;
        this.budget = budget;
        this.pendingElsewhere = pendingElsewhere;
    }

    /** What this instance installed for one version of a policy. */
    private static final class Installed {
        final Apn6Policy policy;
        ListMultimap<DeviceId, FlowRule> rules;
        /** The latest round that wrote to each device: only its outcome says how the device is. */
        final Map<DeviceId, Long> lastRound = new HashMap<>();
        /** Devices that refused an entry in their latest round, with what they refused. */
        final Map<DeviceId, String> refusals = new LinkedHashMap<>();
        /** Rounds whose outcome has not come back yet. */
        final Set<Long> pending = new HashSet<>();

        Installed(Apn6Policy policy) {
            this.policy = policy;
        }
    }

    /**
     * Brings the devices to what a policy compiles to on the network now. A version this instance
     * has not installed gets every entry; a version it installed gets the difference, and every
     * entry again on the devices that refused one.
     *
     * @param policy   the policy, owned here
     * @param network  the network now
     * @param previous the version this one replaced, whose entries go if this instance has no record
     */
    void install(Apn6Policy policy, Apn6Network network, Optional<Apn6Policy> previous) {
        Installed before = installed.get(policy.id());
        ListMultimap<DeviceId, FlowRule> wanted = compile(policy, network);
        Installed now;
        Collection<FlowRule> old;
        List<FlowRule> toAdd;
        Optional<Apn6Policy> replaced = before != null ? Optional.of(before.policy) : previous;
        if (before != null && before.policy.equals(policy)) {
            now = before;
            old = before.rules.values();
            Map<FlowId, FlowRule> had = old.stream().collect(Collectors.toMap(FlowRule::id, r -> r, (a, b) -> a));
            toAdd = wanted.values().stream()
                    .filter(r -> had.get(r.id()) == null || !had.get(r.id()).exactMatch(r)
                            || before.refusals.containsKey(r.deviceId()))
                    .collect(Collectors.toList());
        } else {
            now = new Installed(policy);
            old = before != null ? before.rules.values()
                    : replaced.map(p -> compile(p, network).values()).orElse(List.of());
            toAdd = ImmutableList.copyOf(wanted.values());
        }
        List<TableShortfall> full = toAdd.isEmpty() ? List.of()
                : budget.shortfalls(toAdd, claimed(policy.id(), toAdd, old, network));
        if (!full.isEmpty()) {
            TableShortfall first = full.get(0);
            String reason = first.describe("this policy");
            log.warn("Policy {} does not fit: {}", policy.id(), reason);
            if (now == before) {
                // This version stays as installed; a later round (room freed, network changed) retries.
                now.refusals.put(first.deviceId(), reason);
                publish(now);
            } else {
                store.setStatus(policy, Apn6PolicyStatus.failed(first.deviceId(), reason));
            }
            return;
        }
        now.rules = wanted;
        installed.put(policy.id(), now);
        List<Apn6Policy> versions = replaced.map(p -> List.of(policy, p)).orElse(List.of(policy));
        Set<FlowId> keep = new HashSet<>(wantedByOthers(policy.id(), versions, network));
        wanted.values().forEach(r -> keep.add(r.id()));
        run(now, toAdd, old.stream().filter(r -> !keep.contains(r.id())).collect(Collectors.toList()));
    }

    /**
     * Writes every entry a policy has on a device again (the device may have lost them).
     *
     * @param device a device that became available
     */
    void reapply(DeviceId device) {
        for (Installed target : List.copyOf(installed.values())) {
            List<FlowRule> rules = target.rules.get(device);
            if (!rules.isEmpty()) {
                run(target, ImmutableList.copyOf(rules), List.of());
            }
        }
    }

    /**
     * Removes a removed policy's entries, except those another stored policy compiles to.
     *
     * @param policy  the policy as it was
     * @param network the network now
     */
    void uninstall(Apn6Policy policy, Apn6Network network) {
        Installed before = installed.remove(policy.id());
        Collection<FlowRule> old = before != null ? before.rules.values() : compile(policy, network).values();
        Set<FlowId> keep = wantedByOthers(policy.id(), List.of(policy), network);
        List<FlowRule> gone = old.stream().filter(r -> !keep.contains(r.id())).collect(Collectors.toList());
        if (!gone.isEmpty()) {
            FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
            gone.forEach(ops::remove);
            flowRules.apply(ops.build(new FlowRuleOperationsContext() {
                @Override
                public void onError(FlowRuleOperations failed) {
                    log.warn("Removing policy {}'s entries failed: {}", policy.id(), refusals(failed));
                }
            }));
        }
    }

    /**
     * Forgets a policy another instance owns now (its entries stay: the new owner keeps them).
     *
     * @param id policy id
     */
    void forget(String id) {
        installed.remove(id);
    }

    /**
     * Returns the policies this instance installed.
     *
     * @return policy ids
     */
    Set<String> owned() {
        return ImmutableSet.copyOf(installed.keySet());
    }

    private ListMultimap<DeviceId, FlowRule> compile(Apn6Policy policy, Apn6Network network) {
        return compiler.compile(policy, network.edges(), network.devices());
    }

    /**
     * What takes room on the round's devices while it is checked, besides what the devices hold:
     * this instance's other policies (their latest rounds may not show on the devices yet), the
     * entries the round replaces, and other instances' pending policies.
     */
    private List<FlowRule> claimed(String id, Collection<FlowRule> toAdd, Collection<FlowRule> replaced,
                                   Apn6Network network) {
        Set<DeviceId> devices = toAdd.stream().map(FlowRule::deviceId).collect(Collectors.toSet());
        List<FlowRule> claimed = new ArrayList<>(replaced);
        installed.forEach((other, version) -> {
            if (!other.equals(id)) {
                devices.forEach(device -> claimed.addAll(version.rules.get(device)));
            }
        });
        claimed.addAll(pendingElsewhere.apply(id, network));
        return claimed;
    }

    /**
     * The entries other stored policies compile to that entries of these versions of a policy may
     * coincide with: only SLA and strip entries can, and only between policies with the same
     * priority, SLA level and APP ID (their key is exactly those, and the egress port).
     */
    private Set<FlowId> wantedByOthers(String id, List<Apn6Policy> versions, Apn6Network network) {
        Set<List<Long>> shared = versions.stream().map(PolicyInstaller::sharedKey).collect(Collectors.toSet());
        Set<FlowId> wanted = new HashSet<>();
        for (Apn6Policy other : store.policies()) {
            if (!other.id().equals(id) && shared.contains(sharedKey(other))) {
                compile(other, network).values().forEach(r -> wanted.add(r.id()));
            }
        }
        return wanted;
    }

    private static List<Long> sharedKey(Apn6Policy policy) {
        return List.of((long) policy.priority(), policy.option().slaLevel(), policy.option().appId());
    }

    private void run(Installed target, Collection<FlowRule> toAdd, Collection<FlowRule> toRemove) {
        if (toAdd.isEmpty() && toRemove.isEmpty()) {
            publish(target);
            return;
        }
        long round = ++rounds;
        Set<DeviceId> devices = new HashSet<>();
        toAdd.forEach(r -> devices.add(r.deviceId()));
        toRemove.forEach(r -> devices.add(r.deviceId()));
        devices.forEach(d -> target.lastRound.put(d, round));
        target.pending.add(round);
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        toAdd.forEach(ops::add);
        if (!toAdd.isEmpty() && !toRemove.isEmpty()) {
            ops.newStage();     // removals only once every new entry is confirmed
        }
        toRemove.forEach(ops::remove);
        flowRules.apply(ops.build(new FlowRuleOperationsContext() {
            @Override
            public void onSuccess(FlowRuleOperations done) {
                work.execute(() -> settled(target, round, devices, true, Map.of()));
            }

            @Override
            public void onError(FlowRuleOperations failed) {
                Map<DeviceId, String> refused = refusals(failed);
                work.execute(() -> settled(target, round, devices, false, refused));
            }
        }));
    }

    /** Takes a round's outcome into the policy's status, unless a newer round or version superseded it. */
    private void settled(Installed target, long round, Set<DeviceId> devices, boolean success,
                         Map<DeviceId, String> refused) {
        if (installed.get(target.policy.id()) != target) {
            return;
        }
        target.pending.remove(round);
        for (DeviceId device : devices) {
            if (!Objects.equals(target.lastRound.get(device), round)) {
                continue;
            }
            if (success) {
                target.refusals.remove(device);
            } else if (refused.containsKey(device)) {
                target.refusals.put(device, refused.get(device));
            }
        }
        refused.forEach((device, reason) -> log.warn("{} refused policy {}: {}", device, target.policy.id(), reason));
        publish(target);
    }

    private void publish(Installed target) {
        if (!target.pending.isEmpty()) {
            return;
        }
        Apn6PolicyStatus status;
        if (!target.refusals.isEmpty()) {
            Map.Entry<DeviceId, String> first = target.refusals.entrySet().iterator().next();
            status = Apn6PolicyStatus.failed(first.getKey(), first.getValue());
        } else {
            status = target.rules.isEmpty() ? Apn6PolicyStatus.REQUESTED : Apn6PolicyStatus.INSTALLED;
        }
        store.setStatus(target.policy, status);
    }

    /** What each device refused: how many operations, and the first. */
    private static Map<DeviceId, String> refusals(FlowRuleOperations failed) {
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
