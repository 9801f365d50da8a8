// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.net.DeviceId;
import org.sixflow.app.api.TableFullException;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.features.msr6.api.Msr6TreeFailure;
import org.sixflow.app.features.msr6.api.Msr6TreeRecord;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.Msr6TreeState;
import org.sixflow.app.features.msr6.api.Msr6TreeStore;
import org.sixflow.app.features.msr6.impl.compile.TreeEntryConflicts;
import org.sixflow.app.lifecycle.TableBudget;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntPredicate;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * What the owner of a tree does to bring its devices in line with the tree's record. Runs on the
 * manager's worker ({@link TreeWorker}): one task at a time per tree, several trees at once. What
 * trees share is decided in one section at a time ({@link #serially}): claiming a number and
 * room, recording the entries, deciding what a removal may take out (what no other tree holds)
 * and taking it out, undoing a failed install, recording an install's end. An install's device
 * writes and confirmation waits run outside it, in parallel: its entries are recorded before any
 * is written, so a removal meanwhile keeps what the install uses. The store's compare-and-set
 * updates keep what users change meanwhile (a new request, a removal).
 * <ul>
 *   <li>REQUESTED: build the tree on the current network with a newly claimed number, check that
 *       its entries fit the devices' tables, record the new entries, check again, install them
 *       (make-before-break): INSTALLED. What only the previous version used is taken out, and its
 *       number freed, once the packets sent onto it have drained ({@link RetiringVersions}); until
 *       then every tree's changes keep it. A build that fails or does not fit frees its number; an
 *       install that fails is undone: FAILED with the reason, the previous version in place.</li>
 *   <li>WITHDRAWN: take the tree's entries out (what other trees share stays) and delete it.</li>
 *   <li>An INSTALLED tree is re-applied when this instance starts owning it, and rebuilt when the
 *       network under it changes or a device's netcfg changes what it compiles to.</li>
 * </ul>
 * A version still draining when its owner stops (or hands the tree to another instance) is taken
 * out at once on stop; one the owner loses without stopping stays on the devices, its number
 * claimed, until the tree is removed.
 * Table room: recording a tree's entries is its claim on their room (other trees count them, see
 * {@link TreeClaims}). The check before the claim refuses what cannot fit now; the check after it
 * settles a race between owners on two instances: of two trees that claim the last room at once,
 * the one that checks last sees the other's claim and fails (both may), once the other's claim
 * has reached this instance's index (an event's delay, see {@link TreeIndex}); within that delay
 * the device refuses what does not fit and the install fails. On one instance the owner claims
 * for one tree at a time (the shared section) and sees its own claims at once.
 * Every check against other trees (conflicts, room, what stays when entries go) looks up the
 * store's index rather than reading every record.
 */
final class TreeReconciler {

    private final Logger log = getLogger(getClass());
    private final Msr6TreeStore store;
    private final TreeBuilder builder;
    private final TableBudget budget;
    private final TreeInstaller installer;
    private final RetiringVersions retiring;
    private final IntPredicate usableNumber;
    /** The section in which trees' shared bookkeeping changes, one tree at a time. */
    private final ReentrantLock shared = new ReentrantLock();

    TreeReconciler(Msr6TreeStore store, TreeBuilder builder, TableBudget budget, TreeInstaller installer,
                   RetiringVersions.DrainTimer drainTimer, IntPredicate usableNumber) {
        this.usableNumber = usableNumber;
        this.store = store;
        this.builder = builder;
        this.budget = budget;
        this.installer = installer;
        this.retiring = new RetiringVersions(drainTimer);
    }

    /** Takes out every replaced version still draining, now (the owner is stopping). */
    void retireAll() {
        serially(() -> retiring.takeAll().forEach(this::retire));
    }

    /** Runs work on what trees share, one tree's at a time. */
    private void serially(Runnable work) {
        shared.lock();
        try {
            work.run();
        } finally {
            shared.unlock();
        }
    }

    /**
     * Acts on a tree's pending request or removal, if it has one.
     *
     * @param id tree id
     */
    void reconcile(String id) {
        store.record(id).ifPresent(record -> {
            switch (record.tree().state()) {
                case REQUESTED:
                    realize(record);
                    break;
                case WITHDRAWN:
                    withdraw(record);
                    break;
                default:
                    break;
            }
        });
    }

    /**
     * Re-applies a tree this instance starts owning (at activation, or when partitions move): its
     * installed entries go to the devices again, a pending request or removal is carried out, a
     * FAILED tree is tried again.
     *
     * @param id tree id
     */
    void reapply(String id) {
        store.record(id).ifPresent(record -> {
            switch (record.tree().state()) {
                case INSTALLED:
                    reinstall(record);
                    break;
                case FAILED:
                    retry(record);
                    break;
                default:
                    reconcile(id);
                    break;
            }
        });
    }

    /**
     * Tries a FAILED tree again (its device's new master, the periodic retry, a link or device
     * back).
     *
     * @param id tree id
     */
    void retry(String id) {
        store.record(id).filter(r -> r.tree().state() == Msr6TreeState.FAILED).ifPresent(this::retry);
    }

    /**
     * A tree whose re-apply failed (its installed version unconfirmed: a device changing master,
     * ONOS holding group writes until the new master's first audit) has that version applied
     * again when the network still builds it the same: its entries are most likely on the
     * devices, and a new version would replace every one of them for nothing. Any other failed
     * tree is built again.
     */
    private void retry(Msr6TreeRecord record) {
        Optional<Msr6TreeEntries> installed = record.installed();
        if (installed.isPresent() && record.entries().equals(installed) && buildsAsBefore(record, installed.get())) {
            reinstall(record);
        } else {
            realize(record);
        }
    }

    /** Whether the tree, built on the current network with its installed number, comes out as installed. */
    private boolean buildsAsBefore(Msr6TreeRecord record, Msr6TreeEntries installed) {
        try {
            return ExactEntries.same(builder.build(record.tree().request(), installed.number()).entries, installed);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Builds an installed or failed tree again on the current network (a link or device under
     * it went, or one came back).
     *
     * @param id tree id
     */
    void rebuild(String id) {
        store.record(id).filter(r -> r.tree().state() == Msr6TreeState.INSTALLED
                || r.tree().state() == Msr6TreeState.FAILED).ifPresent(this::realize);
    }

    /**
     * Builds an installed tree again on the current network (links or devices came back) and
     * moves it there, make-before-break, only when the new build costs less as its algorithm
     * counts (TreeCost). A tree that costs as much as its rebuild stays as it is, so that trees do
     * not move between equal-cost paths at every change; one that cannot be built now stays too.
     *
     * @param id tree id
     */
    void reoptimize(String id) {
        store.record(id).filter(r -> r.tree().state() == Msr6TreeState.INSTALLED && r.installed().isPresent())
                .ifPresent(record -> {
                    Msr6Tree now = record.tree();
                    Msr6Tree rebuilt;
                    try {
                        rebuilt = builder.build(now.request(), record.installed().get().number()).tree;
                    } catch (IllegalArgumentException e) {
                        log.debug("MSR6 tree {} does not build now: {}", id, e.getMessage());
                        return;
                    }
                    if (TreeCost.cheaper(rebuilt, now)) {
                        log.info("MSR6 tree {}: a cheaper tree is possible again ({} links, {} M-SIDs, cost {}"
                                         + " where it has {}, {}, {}); moving it", id, rebuilt.links().size(),
                                 rebuilt.msids().size(), TreeCost.total(rebuilt), now.links().size(),
                                 now.msids().size(), TreeCost.total(now));
                        realize(record);
                    }
                });
    }

    /**
     * Checks an installed tree against a device's new netcfg (a locator, a SID function or a
     * router MAC in its entries): built again on its own number, does it come out the same? If
     * not, it is rebuilt (make-before-break, with a new number); if so, nothing is touched. A
     * FAILED tree is tried again: the change may be what it lacked.
     *
     * @param id tree id
     */
    void refresh(String id) {
        store.record(id).ifPresent(record -> {
            Msr6TreeState state = record.tree().state();
            if (state == Msr6TreeState.FAILED) {
                realize(record);
                return;
            }
            if (state != Msr6TreeState.INSTALLED || record.installed().isEmpty()) {
                return;
            }
            Msr6TreeEntries installed = record.installed().get();
            try {
                if (ExactEntries.same(builder.build(record.tree().request(), installed.number()).entries,
                                      installed)) {
                    return;
                }
            } catch (IllegalArgumentException e) {
                // It cannot be built now: realize says why and keeps the old version in place.
                log.debug("MSR6 tree {} no longer builds: {}", id, e.getMessage());
            }
            log.info("MSR6 tree {}: a device's netcfg changed its entries; rebuilding", id);
            realize(record);
        });
    }

    private void realize(Msr6TreeRecord record) {
        long started = System.nanoTime();
        String id = record.id();
        Optional<TreeBuilder.Built> claimed = claim(record);
        if (claimed.isEmpty()) {
            return;
        }
        TreeBuilder.Built built = claimed.get();
        int number = built.entries.number();
        Msr6TreeRequest request = record.tree().request();
        // What the devices may hold of earlier versions: the installed one, and one whose
        // install failed or was cut short.
        List<Msr6TreeEntries> before = new ArrayList<>();
        record.installed().ifPresent(before::add);
        record.entries().filter(e -> !before.contains(e)).ifPresent(before::add);
        DeviceId ingress = request.source().deviceId();
        // Outside the shared section: other trees' installs write and wait at the same time.
        StepTimes steps = new StepTimes();
        long computed = System.nanoTime();
        Optional<Msr6TreeFailure> failure = installer.install(built.entries, ingress, steps);
        serially(() -> {
            if (failure.isPresent()) {
                log.warn("MSR6 tree {} failed: {}", id, failure.get());
                installer.undo(built.entries, record.installed(), ingress,
                               othersHeld(id).and(before).andDraining(retiring.pending()));
                fail(id, request, failure.get());
                releaseReplacedBuild(record, number);
                return;
            }
            store.update(id, current -> {
                Msr6TreeRecord next = current.withInstalled(built.entries);
                return wants(current, request) ? next.withTree(built.tree.withState(Msr6TreeState.INSTALLED)) : next;
            });
            if (!before.isEmpty()) {
                // Packets the ingress encapsulated for the old version just before it switched are
                // still on their way; they need the old transit state to arrive.
                Set<Integer> numbers = before.stream().map(Msr6TreeEntries::number).filter(n -> n != number)
                        .collect(Collectors.toSet());
                retiring.hold(new RetiringVersions.Retiring(id, before, ingress, numbers), this::retire);
            }
        });
        if (failure.isEmpty()) {
            log.info("Installed MSR6 tree {} as number {} ({} links, {} M-SIDs) in {} ms (computed in {} ms; {})",
                     id, number, built.tree.links().size(), built.tree.msids().size(),
                     (System.nanoTime() - started) / 1_000_000, (computed - started) / 1_000_000, steps);
        }
    }

    /**
     * Claims a number and room for a tree's new version and records its entries, in the shared
     * section: another tree checked after sees them.
     *
     * @return the version built; empty when it failed (the tree says why) or the record changed
     */
    private Optional<TreeBuilder.Built> claim(Msr6TreeRecord record) {
        shared.lock();
        try {
            return claimAlone(record);
        } finally {
            shared.unlock();
        }
    }

    private Optional<TreeBuilder.Built> claimAlone(Msr6TreeRecord record) {
        String id = record.id();
        Msr6TreeRequest request = record.tree().request();
        TreeBuilder.Built built;
        int number;
        try {
            number = store.claimNumber(id, usableNumber);
        } catch (IllegalArgumentException e) {
            fail(id, request, Msr6TreeFailure.of(e.getMessage()));
            return Optional.empty();
        }
        try {
            built = builder.build(request, number);
            TreeEntryConflicts.check(id, built.entries, store.entryHolders());
            checkRoom(id, built);
        } catch (TableFullException e) {
            store.releaseNumber(number, id);
            log.warn("MSR6 tree {} does not fit: {}", id, e.getMessage());
            fail(id, request, Msr6TreeFailure.onDevice(e.shortfall().deviceId(), e.getMessage()));
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            store.releaseNumber(number, id);
            log.warn("MSR6 tree {} cannot be built: {}", id, e.getMessage());
            fail(id, request, Msr6TreeFailure.of(e.getMessage()));
            return Optional.empty();
        }
        // The new entries are recorded before any reaches a device: other trees are checked
        // against them, and an instance that takes the tree over knows what may be out there.
        Optional<Msr6TreeRecord> claimed = store.update(id, current -> wants(current, request)
                ? current.withBuilt(built.tree, built.entries) : current);
        if (claimed.isEmpty() || !claimed.get().entries().map(built.entries::equals).orElse(false)) {
            // Changed or withdrawn meanwhile: that change's own event brings the next step.
            store.releaseNumber(number, id);
            return Optional.empty();
        }
        try {
            checkRoom(id, built);
        } catch (TableFullException e) {
            // Another instance's tree claimed the room meanwhile. The recorded entries are not on
            // the devices; like a failed install's, they and their number stay with the record
            // until the tree is built again or removed, and FAILED trees claim nothing.
            log.warn("MSR6 tree {} lost the room it was checked for: {}", id, e.getMessage());
            fail(id, request, Msr6TreeFailure.onDevice(e.shortfall().deviceId(), e.getMessage()));
            releaseReplacedBuild(record, number);
            return Optional.empty();
        }
        return Optional.of(built);
    }

    /**
     * Frees the number of an earlier failed build that the new build's entries replaced in the
     * record (withBuilt): nothing refers to it any more, and a FAILED tree retried on every link
     * or device event would otherwise take one number per try. Its entries were undone when it
     * failed; a number the installed or a draining version uses stays.
     */
    private void releaseReplacedBuild(Msr6TreeRecord record, int number) {
        Optional<Msr6TreeEntries> installed = record.installed();
        record.entries().filter(e -> !installed.equals(Optional.of(e))).map(Msr6TreeEntries::number)
                .filter(n -> n != number && installed.map(i -> i.number() != n).orElse(true)
                        && !retiring.numbers(record.id()).contains(n))
                .ifPresent(n -> store.releaseNumber(n, record.id()));
    }

    private void reinstall(Msr6TreeRecord record) {
        Optional<Msr6TreeEntries> installed = record.installed();
        if (installed.isEmpty()) {
            realize(record);
            return;
        }
        // Nothing is undone if a device refuses: everything re-applied was wanted already.
        Msr6TreeEntries version = installed.get();
        Msr6TreeRequest request = record.tree().request();
        Optional<Msr6TreeFailure> failure = installer.install(version, request.source().deviceId());
        // Only while the record still has this version installed and asks for nothing else.
        Predicate<Msr6TreeRecord> same = current -> wants(current, request) && current.installed().equals(installed)
                && (current.tree().state() == Msr6TreeState.INSTALLED || current.tree().state() == Msr6TreeState.FAILED);
        if (failure.isPresent()) {
            log.warn("MSR6 tree {} could not be re-applied: {}", record.id(), failure.get());
            store.update(record.id(), current -> same.test(current)
                    ? current.withTree(current.tree().failed(failure.get())) : current);
        } else {
            store.update(record.id(), current -> same.test(current) && current.tree().state() == Msr6TreeState.FAILED
                    ? current.withTree(current.tree().withState(Msr6TreeState.INSTALLED)) : current);
            log.info("Re-applied MSR6 tree {} as number {}", record.id(), version.number());
        }
    }

    private void withdraw(Msr6TreeRecord record) {
        // What other trees hold is read and what they do not is taken out with no install
        // recording entries in between (it would find them gone).
        serially(() -> withdrawAlone(record));
    }

    private void withdrawAlone(Msr6TreeRecord record) {
        String id = record.id();
        List<Msr6TreeEntries> held = new ArrayList<>();
        record.installed().ifPresent(held::add);
        record.entries().filter(e -> !held.contains(e)).ifPresent(held::add);
        // Local SIDs, adjacencies and bitstring groups other trees use stay.
        HeldEntries others = othersHeld(id).andDraining(retiring.pending());
        installer.remove(others.rulesNotHeld(held), others.groupsNotHeld(held),
                         record.tree().request().source().deviceId());
        store.remove(id);
        log.info("Removed MSR6 tree {}", id);
    }

    /**
     * Checks that a built tree's entries fit its devices' tables, counting what is installed and
     * what the trees' records claim.
     *
     * @throws TableFullException naming the device and table that lack room
     */
    private void checkRoom(String id, TreeBuilder.Built built) {
        budget.check(built.entries.allRules(), store.claims(id), "this tree");
    }

    /** Marks the tree FAILED, unless what it was asked to be changed meanwhile. */
    private void fail(String id, Msr6TreeRequest request, Msr6TreeFailure failure) {
        store.update(id, current -> wants(current, request)
                ? current.withTree(current.tree().failed(failure)) : current);
    }

    /** True when the record still asks for this request (not changed, not withdrawn). */
    private static boolean wants(Msr6TreeRecord record, Msr6TreeRequest request) {
        return record.tree().request().equals(request) && record.tree().state() != Msr6TreeState.WITHDRAWN;
    }

    /**
     * Takes out what a replaced version used that no tree (nor another version still draining)
     * uses, and frees the numbers the tree no longer uses.
     */
    private void retire(RetiringVersions.Retiring old) {
        serially(() -> retireAlone(old));
    }

    private void retireAlone(RetiringVersions.Retiring old) {
        Set<Integer> inUse = new HashSet<>(retiring.numbers(old.treeId));
        store.record(old.treeId).ifPresent(record -> {
            record.entries().ifPresent(e -> inUse.add(e.number()));
            record.installed().ifPresent(e -> inUse.add(e.number()));
        });
        // What any tree holds now stays, the replaced tree's current version included.
        HeldEntries held = HeldEntries.ofTrees(store.entryHolders(), tree -> true).andDraining(retiring.pending());
        installer.remove(held.rulesNotHeld(old.versions), held.groupsNotHeld(old.versions), old.ingress);
        old.numbers.stream().filter(n -> !inUse.contains(n)).forEach(n -> store.releaseNumber(n, old.treeId));
        log.debug("Took out a replaced version of MSR6 tree {}", old.treeId);
    }

    /** What the other stored trees hold, looked up entry by entry when asked. */
    private HeldEntries othersHeld(String id) {
        return HeldEntries.ofTrees(store.entryHolders(), tree -> !tree.equals(id));
    }
}
