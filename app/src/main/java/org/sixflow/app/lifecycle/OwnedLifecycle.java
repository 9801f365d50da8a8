// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import com.google.common.base.Suppliers;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.intent.WorkPartitionEventListener;
import org.onosproject.net.intent.WorkPartitionService;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.TableShortfall;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The lifecycle of the objects one feature installs, the same for every feature: any instance
 * admits a change (the room in the devices' tables, counting the objects not installed yet,
 * {@link #shortfalls}) and writes the store; each object has one owner instance, its work
 * partition's ({@link Owners}), which hears the store's events ({@link #added}, {@link #replaced},
 * {@link #removed}) and installs, replaces or removes the object's entries
 * ({@link OwnedInstaller}), recording the outcome as its status. The owner installs its objects
 * when it starts or takes over a partition ({@link #takeOwnership}), writes them again on a
 * device that comes back ({@link #deviceAvailable}) and compiles them again when the network
 * they compile on changes ({@link #reinstallSoon}). An instance that stops leaves the entries and
 * the store as they are: the objects are the cluster's.
 *
 * <p>A manager holds one, feeds it its store's events and the network's, and keeps what only
 * its feature knows in its {@link OwnedFeature}.
 *
 * @param <T> the objects
 */
public final class OwnedLifecycle<T> {

    private final OwnedFeature<T> feature;
    private final WorkPartitionService partitions;
    private final TableBudget budget;
    private final String what;
    private final OwnerWork owner;
    private final OwnedInstaller<T> installer;
    private final AtomicBoolean reinstallQueued = new AtomicBoolean();
    private final WorkPartitionEventListener partitionListener;

    /**
     * Creates the lifecycle, stopped.
     *
     * @param kind        what the objects are, for logs ("NPTv6 mapping")
     * @param what        what needs the entries, in a table shortfall's words ("this mapping")
     * @param threadGroup the name of the owner thread's group ("sixflow/nptv6")
     * @param log         the manager's log
     * @param feature     the feature's objects
     * @param flowRules   where entries go
     * @param budget      the room in the devices' tables
     * @param partitions  ONOS's work partitions
     */
    public OwnedLifecycle(String kind, String what, String threadGroup, Logger log, OwnedFeature<T> feature,
                          FlowRuleService flowRules, TableBudget budget, WorkPartitionService partitions) {
        this.feature = feature;
        this.partitions = partitions;
        this.budget = budget;
        this.what = what;
        this.owner = new OwnerWork(kind, threadGroup, log);
        this.installer = new OwnedInstaller<>(kind, what, feature, flowRules, owner::submit, budget,
                                              (id, compile) -> pendingClaims(id, other -> !isMine(other), compile));
        this.partitionListener = event -> owner.submit(this::takeOwnership);
    }

    /**
     * Starts the owner's work and takes up the objects this instance owns.
     *
     * @param work the executor to work on, or null for a thread of its own
     */
    public void start(Executor work) {
        owner.start(work);
        reinstallQueued.set(false);
        partitions.addListener(partitionListener);
        owner.submit(this::takeOwnership);
    }

    /** Stops: nothing is removed, and work still queued is dropped. */
    public void stop() {
        partitions.removeListener(partitionListener);
        owner.stop();
    }

    /**
     * Runs some of the feature's own owner work after what is queued before it (one task at a
     * time with the lifecycle's).
     *
     * @param task the work
     */
    public void submit(Runnable task) {
        owner.submit(task);
    }

    /**
     * Tells whether this instance owns an object.
     *
     * @param id the object's id
     * @return true if its work partition is this instance's
     */
    public boolean isMine(String id) {
        return Owners.isMine(partitions, id);
    }

    /**
     * The store added an object: its owner installs it.
     *
     * @param object the object as stored
     */
    public void added(T object) {
        owner.submit(() -> install(object, Optional.empty(), compilerOnce()));
    }

    /**
     * The store replaced an object: its owner installs the new version, then takes out what the
     * old one had and the new one has not.
     *
     * @param object   the object as stored now
     * @param previous the version it replaced
     */
    public void replaced(T object, Optional<T> previous) {
        owner.submit(() -> install(object, previous, compilerOnce()));
    }

    /**
     * The store removed an object: its owner takes its entries out.
     *
     * @param object the object as it was
     */
    public void removed(T object) {
        owner.submit(() -> {
            String id = feature.id(object);
            if (isMine(id)) {
                installer.uninstall(object, feature.compiler());
            } else {
                installer.forget(id);
            }
        });
    }

    /**
     * A device became available: the owner writes the entries of its objects on it again (it
     * may have lost them) and tries again those placed on it that it never installed. If the
     * device came back unable to take the feature, its objects are FAILED naming it, and nothing
     * is written.
     *
     * @param device the device
     */
    public void deviceAvailable(DeviceId device) {
        owner.submit(() -> {
            boolean fit = feature.unfit(device).isEmpty();
            if (fit) {
                installer.reapply(device);
            }
            Set<String> had = installer.owned();
            Function<T, Collection<FlowRule>> compile = feature.compiler();
            for (T object : feature.stored()) {
                String id = feature.id(object);
                if (feature.placedOn(object).contains(device) && isMine(id) && (!fit || !had.contains(id))) {
                    installer.install(feature.serving(object), Optional.empty(), compile);
                }
            }
        });
    }

    /**
     * The network the objects compile on changed: the owner brings every object it owns to it,
     * once for any number of changes that come before it runs.
     */
    public void reinstallSoon() {
        if (reinstallQueued.compareAndSet(false, true)) {
            owner.submit(() -> {
                reinstallQueued.set(false);
                Supplier<Function<T, Collection<FlowRule>>> compile = compilerOnce();
                for (T object : feature.stored()) {
                    install(object, Optional.empty(), compile);
                }
            });
        }
    }

    /**
     * Installs a stored object again, as the owner does on a store event (a feature's own check
     * found it may go now).
     *
     * @param object the object as stored
     */
    public void reinstall(T object) {
        owner.submit(() -> install(object, Optional.empty(), compilerOnce()));
    }

    /**
     * The tables an object's entries would overflow, counting what the devices hold and what the
     * stored objects not installed yet claim (any instance's).
     *
     * @param id      the object's id (its own stored version, if any, is left out)
     * @param entries what it needs
     * @return one shortfall per overflowing table; empty when all fit
     */
    public List<TableShortfall> shortfalls(String id, Collection<FlowRule> entries) {
        return budget.shortfalls(entries, pendingClaims(id, other -> true, feature.compiler()));
    }

    /**
     * Refuses entries that do not fit, as {@link #shortfalls} finds.
     *
     * @param id      the object's id
     * @param entries what it needs
     * @throws org.sixflow.app.api.TableFullException for the first table they would overflow
     */
    public void requireRoom(String id, Collection<FlowRule> entries) {
        List<TableShortfall> full = shortfalls(id, entries);
        if (!full.isEmpty()) {
            throw full.get(0).refusal(what);
        }
    }


    /**
     * The feature's compiler for one task, asked for only when the task compiles something (a
     * feature may read the network to make it) and then once.
     */
    private Supplier<Function<T, Collection<FlowRule>>> compilerOnce() {
        return Suppliers.memoize(feature::compiler);
    }

    private void install(T object, Optional<T> previous, Supplier<Function<T, Collection<FlowRule>>> compile) {
        String id = feature.id(object);
        if (isMine(id)) {
            installer.install(feature.serving(object), previous, compile.get());
        } else {
            installer.forget(id);
        }
    }

    /** Installs the stored objects this instance owns and forgets those it no longer owns. */
    private void takeOwnership() {
        Set<String> had = installer.owned();
        Function<T, Collection<FlowRule>> compile = feature.compiler();
        for (T object : feature.stored()) {
            String id = feature.id(object);
            if (!isMine(id)) {
                installer.forget(id);
            } else if (!had.contains(id)) {
                installer.install(feature.serving(object), Optional.empty(), compile);
            }
        }
    }

    /**
     * The entries of stored objects whose owner has not installed them yet (REQUESTED): they
     * take room before the devices show them. Installed objects' entries are the devices';
     * FAILED ones claim nothing.
     */
    private List<FlowRule> pendingClaims(String id, Predicate<String> whose, Function<T, Collection<FlowRule>> compile) {
        List<FlowRule> claimed = new ArrayList<>();
        for (T other : feature.stored()) {
            String otherId = feature.id(other);
            if (!otherId.equals(id) && whose.test(otherId) && feature.status(otherId)
                    .map(s -> s.state() == InstallStatus.State.REQUESTED).orElse(false)) {
                claimed.addAll(compile.apply(feature.serving(other)));
            }
        }
        return claimed;
    }
}
