// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import com.google.common.collect.ImmutableList;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6Validation;
import org.sixflow.app.features.apn6.impl.MatchValidator;
import org.sixflow.app.features.apn6.impl.OverlapIndex;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks a policy against the network and against the cluster's policies as the store holds them
 * when asked (not as this instance's events have told it so far), so that a policy another
 * instance stored a moment ago counts. The overlap index is brought in line with the store's
 * policies before each check; only what changed is re-indexed.
 */
final class PolicyChecker {

    private final OverlapIndex index = new OverlapIndex();
    private final Map<String, Apn6Policy> indexed = new HashMap<>();

    /**
     * Checks a policy.
     *
     * @param policy  the candidate (a stored policy with its id is the version it replaces)
     * @param stored  every stored policy
     * @param network the network
     * @param entries how many entries the candidate compiles to
     * @return problems, conflicts and warnings
     */
    synchronized Apn6Validation check(Apn6Policy policy, Collection<Apn6Policy> stored, Apn6Network network,
                                      int entries) {
        follow(stored);
        List<String> problems = new ArrayList<>(MatchValidator.problems(policy.match(), network::ingressPortProblem));
        if (network.edges().isEmpty()) {
            problems.add("no EDGE device with a valid sixflow netcfg to classify traffic on");
        }
        List<String> conflicts = new ArrayList<>();
        index.conflict(policy.priority(), policy.match(), policy.id())
                .ifPresent(e -> conflicts.add("overlaps policy " + e.id() + " at the same priority "
                                                      + policy.priority()));
        stored.stream().filter(other -> slaClash(policy, other)).findFirst()
                .ifPresent(other -> conflicts.add(
                        "policy " + other.id() + " already gives SLA level " + other.option().slaLevel() + ", app "
                                + other.option().appId() + " at priority " + other.priority() + " queue priority "
                                + other.slaPriority().orElseThrow() + " (one transit entry serves both)"));
        List<String> warnings = index.shadowing(policy.priority(), policy.match()).stream()
                .filter(e -> !e.id().equals(policy.id()))
                .map(e -> "never applies: policy " + e.id() + " (priority " + e.priority()
                        + ") matches all of its traffic")
                .collect(Collectors.toList());
        return new Apn6Validation(ImmutableList.copyOf(problems), conflicts, warnings, entries);
    }

    /**
     * Two policies with the same priority and the same SLA level and APP ID share their transit
     * SLA entry (its key is exactly those): they cannot ask it for different queue priorities.
     */
    private static boolean slaClash(Apn6Policy policy, Apn6Policy other) {
        return !other.id().equals(policy.id()) && other.priority() == policy.priority()
                && other.option().slaLevel() == policy.option().slaLevel()
                && other.option().appId() == policy.option().appId()
                && policy.slaPriority().isPresent() && other.slaPriority().isPresent()
                && !policy.slaPriority().equals(other.slaPriority());
    }

    /** Re-indexes the policies that changed since the last check, and drops the removed ones. */
    private void follow(Collection<Apn6Policy> stored) {
        Set<String> present = new HashSet<>();
        for (Apn6Policy policy : stored) {
            present.add(policy.id());
            if (!policy.equals(indexed.get(policy.id()))) {
                index.remove(policy.id());
                index.add(new OverlapIndex.Entry(policy.id(), policy.priority(), policy.match()));
                indexed.put(policy.id(), policy);
            }
        }
        for (String id : List.copyOf(indexed.keySet())) {
            if (!present.contains(id)) {
                index.remove(id);
                indexed.remove(id);
            }
        }
    }
}
