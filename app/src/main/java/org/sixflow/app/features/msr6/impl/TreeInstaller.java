// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.group.GroupDescription;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.features.msr6.api.Msr6TreeFailure;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Puts a tree's entries on its devices in an order that never sends a packet into missing state,
 * and takes them out in the reverse order, each step confirmed by the devices.
 * <ul>
 *   <li>Install: groups (until on their devices, {@link GroupConfirmations}), then every entry but the ingress's classifier
 *       ({@code msr6_encap}), then that classifier, which moves traffic onto the tree. The ingress's
 *       M-SID entries go with the first step: a write batch is not atomic on the switch, so an
 *       encap entry that lands before the M-SIDs of its (possibly reused) tree number would send
 *       packets out without them (the lab's receiver-change test lost 10 of 4,000 that way). ONOS's FlowRuleManager runs a FlowRuleOperations' later stages
 *       even after an earlier stage failed (it calls onError and goes on), so the ingress is a
 *       separate operation, applied only once the transit one is confirmed. A step refused or not
 *       confirmed in time stops the install and undoes what it added.</li>
 *   <li>Remove: one FlowRuleOperations, the ingress entries in its first stage (no new packets
 *       enter the tree) and the rest in the next, then the groups they point to.</li>
 * </ul>
 */
final class TreeInstaller {

    /** How long each step waits for the devices to confirm it, by default. */
    static final long CONFIRM_MILLIS = 5_000;
    private final Logger log = getLogger(getClass());
    private final FlowRuleService flowRuleService;
    private final GroupConfirmations groups;
    private final long confirmMillis;

    TreeInstaller(FlowRuleService flowRuleService, GroupConfirmations groups, long confirmMillis) {
        this.flowRuleService = flowRuleService;
        this.groups = groups;
        this.confirmMillis = confirmMillis;
    }

    /**
     * Installs a tree's entries. On failure, what it added stays until the caller {@link #undo}es
     * it: what is held by other trees must be read when nothing else changes it.
     *
     * @param entries  the tree's entries
     * @param ingress  the tree's ingress device
     * @return why the install failed; empty when every step is confirmed
     */
    Optional<Msr6TreeFailure> install(Msr6TreeEntries entries, DeviceId ingress) {
        return install(entries, ingress, new StepTimes());
    }

    /**
     * Installs a tree's entries as {@link #install(Msr6TreeEntries, DeviceId)} does, recording how
     * long each step waited for its devices.
     *
     * @param times where each confirmed step's time goes
     * @return why the install failed; empty when every step is confirmed
     */
    Optional<Msr6TreeFailure> install(Msr6TreeEntries entries, DeviceId ingress, StepTimes times) {
        Optional<Msr6TreeFailure> failure = times.time("groups", () -> groups.add(entries.allGroups(), confirmMillis));
        if (failure.isEmpty()) {
            FlowRuleOperations.Builder transit = FlowRuleOperations.builder();
            entries.allRules().stream().filter(r -> !movesTraffic(r, ingress)).forEach(transit::add);
            failure = times.time("transit", () -> apply(transit, "transit entries"));
        }
        if (failure.isEmpty()) {
            FlowRuleOperations.Builder edge = FlowRuleOperations.builder();
            entries.rulesOn(ingress).stream().filter(r -> movesTraffic(r, ingress)).forEach(edge::add);
            failure = times.time("ingress", () -> apply(edge, "ingress entries"));
        }
        return failure;
    }

    /**
     * Undoes a failed install: removes what it added that is not held and points the ingress
     * back at the tree's previous version, if there is one.
     *
     * @param entries  the entries whose install failed
     * @param previous the entries the tree's devices held before, if any
     * @param ingress  the tree's ingress device
     * @param held     what stays (other trees', the tree's previous version)
     */
    void undo(Msr6TreeEntries entries, Optional<Msr6TreeEntries> previous, DeviceId ingress, HeldEntries held) {
        remove(held.rulesNotHeld(List.of(entries)), held.groupsNotHeld(List.of(entries)), ingress);
        // The ingress entries share their match with the previous version's: if the failed step
        // rewrote them, the previous tree needs them back.
        previous.ifPresent(p -> {
            FlowRuleOperations.Builder edge = FlowRuleOperations.builder();
            p.rulesOn(ingress).stream().filter(r -> movesTraffic(r, ingress)).forEach(edge::add);
            apply(edge, "previous ingress entries")
                    .ifPresent(f -> log.warn("Restoring the previous ingress entries: {}", f.reason()));
        });
    }

    /**
     * Removes entries and groups, ingress first; failures are logged (the entries are unwanted
     * either way).
     *
     * @param rules       table entries to remove
     * @param groupsToGo  groups to remove, after the entries
     * @param ingress     the tree's ingress device
     */
    void remove(Collection<FlowRule> rules, Collection<GroupDescription> groupsToGo, DeviceId ingress) {
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        rules.stream().filter(r -> movesTraffic(r, ingress)).forEach(ops::remove);
        ops.newStage();
        rules.stream().filter(r -> !movesTraffic(r, ingress)).forEach(ops::remove);
        apply(ops, "removal").ifPresent(f -> log.warn("Removing MSR6 entries: {}", f.reason()));
        groups.remove(groupsToGo, confirmMillis);
    }

    /** Whether an entry is the ingress classifier that sends packets onto the tree. */
    static boolean movesTraffic(FlowRule rule, DeviceId ingress) {
        return rule.deviceId().equals(ingress) && rule.table().equals(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP);
    }

    private Optional<Msr6TreeFailure> apply(FlowRuleOperations.Builder builder, String what) {
        CompletableFuture<Void> confirmed = new CompletableFuture<>();
        FlowRuleOperations ops = builder.build(new FlowRuleOperationsContext() {
            @Override
            public void onSuccess(FlowRuleOperations done) {
                confirmed.complete(null);
            }

            @Override
            public void onError(FlowRuleOperations failed) {
                // Called once per device that failed something; the first one is the answer.
                confirmed.completeExceptionally(new Refused(failed));
            }
        });
        if (ops.stages().isEmpty()) {
            return Optional.empty();
        }
        flowRuleService.apply(ops);
        try {
            confirmed.get(confirmMillis, TimeUnit.MILLISECONDS);
            return Optional.empty();
        } catch (ExecutionException e) {
            FlowRuleOperations failed = ((Refused) e.getCause()).failed;
            List<FlowRule> refused = failed.stages().stream().flatMap(Set::stream).map(FlowRuleOperation::rule)
                    .collect(Collectors.toList());
            if (refused.isEmpty()) {
                return Optional.of(Msr6TreeFailure.of("devices refused " + what));
            }
            return Optional.of(Msr6TreeFailure.onDevice(refused.get(0).deviceId(), "refused " + refused.size() + " "
                    + what + " (" + refused.stream().map(r -> r.table().toString()).distinct()
                    .collect(Collectors.joining(", ")) + ")"));
        } catch (TimeoutException e) {
            Set<DeviceId> devices = ops.stages().stream().flatMap(Set::stream).map(op -> op.rule().deviceId())
                    .collect(Collectors.toSet());
            String reason = what + " not confirmed within " + confirmMillis + " ms";
            return Optional.of(devices.size() == 1 ? Msr6TreeFailure.onDevice(devices.iterator().next(), reason)
                                       : Msr6TreeFailure.of(reason + " on " + devices));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(Msr6TreeFailure.of("interrupted while installing " + what));
        }
    }

    /** A device's refusal, carried through the future. */
    private static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient FlowRuleOperations failed;

        Refused(FlowRuleOperations failed) {
            super(null, null, false, false);
            this.failed = failed;
        }
    }
}
