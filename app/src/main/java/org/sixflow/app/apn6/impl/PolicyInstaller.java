// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.apn6.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ListMultimap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.sixflow.app.api.Apn6Policy;
import org.sixflow.app.api.Apn6PolicyStore;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.TableShortfall;
import org.sixflow.app.apn6.Apn6PolicyCompiler;
import org.sixflow.app.impl.InstallRounds;
import org.sixflow.app.resources.TableBudget;
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
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The owner's half of APN6 policies: what each policy this instance owns compiles to now, and
 * the difference from what it installed, written in rounds of flow-rule operations whose outcome
 * becomes the policy's status in the store ({@link InstallRounds} keeps that bookkeeping).
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
    private final Apn6PolicyStore store;
    private final Apn6PolicyCompiler compiler;
    private final TableBudget budget;
    private final BiFunction<String, Apn6Network, List<FlowRule>> pendingElsewhere;
    private final InstallRounds<Apn6Policy> rounds;

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
        this.store = store;
        this.compiler = compiler;
        this.budget = budget;
        this.pendingElsewhere = pendingElsewhere;
        this.rounds = new InstallRounds<>("policy", Apn6Policy::id, flowRules, work, store::setStatus);
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
        InstallRounds.Version<Apn6Policy> before = rounds.installed(policy.id()).orElse(null);
        ListMultimap<DeviceId, FlowRule> wanted = compile(policy, network);
        InstallRounds.Version<Apn6Policy> now;
        Collection<FlowRule> old;
        List<FlowRule> toAdd;
        Optional<Apn6Policy> replaced = before != null ? Optional.of(before.object()) : previous;
        if (before != null && before.object().equals(policy)) {
            now = before;
            old = before.rules().values();
            Map<FlowId, FlowRule> had = old.stream().collect(Collectors.toMap(FlowRule::id, r -> r, (a, b) -> a));
            toAdd = wanted.values().stream()
                    .filter(r -> had.get(r.id()) == null || !had.get(r.id()).exactMatch(r)
                            || before.refused(r.deviceId()))
                    .collect(Collectors.toList());
        } else {
            now = rounds.newVersion(policy);
            old = before != null ? before.rules().values()
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
                rounds.refuse(now, first.deviceId(), reason);
            } else {
                store.setStatus(policy, InstallStatus.failed(first.deviceId(), reason));
            }
            return;
        }
        rounds.put(now, wanted);
        List<Apn6Policy> versions = replaced.map(p -> List.of(policy, p)).orElse(List.of(policy));
        Set<FlowId> keep = new HashSet<>(wantedByOthers(policy.id(), versions, network));
        wanted.values().forEach(r -> keep.add(r.id()));
        rounds.run(now, toAdd, old.stream().filter(r -> !keep.contains(r.id())).collect(Collectors.toList()));
    }

    /**
     * Writes every entry a policy has on a device again (the device may have lost them).
     *
     * @param device a device that became available
     */
    void reapply(DeviceId device) {
        rounds.reapply(device);
    }

    /**
     * Removes a removed policy's entries, except those another stored policy compiles to.
     *
     * @param policy  the policy as it was
     * @param network the network now
     */
    void uninstall(Apn6Policy policy, Apn6Network network) {
        Collection<FlowRule> old = rounds.forget(policy.id()).map(v -> v.rules().values())
                .orElseGet(() -> compile(policy, network).values());
        Set<FlowId> keep = wantedByOthers(policy.id(), List.of(policy), network);
        rounds.remove(policy.id(), old.stream().filter(r -> !keep.contains(r.id())).collect(Collectors.toList()));
    }

    /**
     * Forgets a policy another instance owns now (its entries stay: the new owner keeps them).
     *
     * @param id policy id
     */
    void forget(String id) {
        rounds.forget(id);
    }

    /**
     * Returns the policies this instance installed.
     *
     * @return policy ids
     */
    Set<String> owned() {
        return rounds.owned();
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
        for (InstallRounds.Version<Apn6Policy> version : rounds.versions()) {
            if (!version.object().id().equals(id)) {
                devices.forEach(device -> claimed.addAll(version.rules().get(device)));
            }
        }
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
}
