// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Replaced versions of trees whose entries stay on the devices while the packets sent onto them
 * drain: once a tree's ingress moves traffic to its new version, packets the old version carried
 * are still queued along it, for as long as the switches lag (microseconds on hardware; seconds
 * on an overloaded software switch, where a fixed 200 ms wait dropped them at transit nodes whose
 * old SIDs were already gone). Each version is taken out when its drain time has passed, keeping
 * whatever a tree or another retiring version still uses. Used by the owner's threads (several
 * trees' installs at once): the list is guarded by this.
 */
final class RetiringVersions {

    /**
     * How long a replaced version stays after the ingress moved traffic off it. Hardware drains in
     * microseconds; the bmv2 lab, on a loaded machine, held packets for up to 2.5 s (the
     * receiver-change test lost hundreds to 200 ms); holding entries longer costs only their room.
     */
    static final long DRAIN_MILLIS = 3_000;

    /** Runs work on the owner's worker once a replaced version's packets have drained. */
    @FunctionalInterface
    interface DrainTimer {
        /**
         * Schedules work.
         *
         * @param treeId   the tree whose version it is (the work goes on that tree's queue)
         * @param onWorker what to run on the worker after the drain time
         */
        void afterDrain(String treeId, Runnable onWorker);
    }

    /** One replaced version: what its devices may hold, and the numbers it kept claimed. */
    static final class Retiring {
        final String treeId;
        final List<Msr6TreeEntries> versions;
        final DeviceId ingress;
        final Set<Integer> numbers;

        Retiring(String treeId, List<Msr6TreeEntries> versions, DeviceId ingress, Set<Integer> numbers) {
            this.treeId = checkNotNull(treeId);
            this.versions = ImmutableList.copyOf(versions);
            this.ingress = checkNotNull(ingress);
            this.numbers = Set.copyOf(numbers);
        }
    }

    private final DrainTimer timer;
    private final List<Retiring> pending = new ArrayList<>();

    RetiringVersions(DrainTimer timer) {
        this.timer = checkNotNull(timer);
    }

    /**
     * Holds a replaced version until its drain time has passed, then hands it to {@code retire}.
     *
     * @param retiring the version
     * @param retire   takes it out (on the worker); skipped if it was taken out before
     */
    void hold(Retiring retiring, Consumer<Retiring> retire) {
        synchronized (this) {
            pending.add(retiring);
        }
        timer.afterDrain(retiring.treeId, () -> {
            boolean due;
            synchronized (this) {
                due = pending.remove(retiring);
            }
            if (due) {
                retire.accept(retiring);
            }
        });
    }

    /**
     * Takes every held version out of the list now (its drain time not waited for).
     *
     * @return the versions, oldest first
     */
    synchronized List<Retiring> takeAll() {
        List<Retiring> all = ImmutableList.copyOf(pending);
        pending.clear();
        return all;
    }

    /** The versions held now, oldest first. */
    synchronized List<Retiring> pending() {
        return ImmutableList.copyOf(pending);
    }

    /**
     * The numbers held versions of a tree keep claimed.
     *
     * @param treeId the tree
     * @return their numbers
     */
    synchronized Set<Integer> numbers(String treeId) {
        return pending.stream().filter(r -> r.treeId.equals(treeId)).flatMap(r -> r.numbers.stream())
                .collect(Collectors.toUnmodifiableSet());
    }
}
