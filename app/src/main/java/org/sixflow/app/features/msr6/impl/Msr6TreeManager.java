// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.Sets;
import com.google.common.hash.Hashing;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.DriverService;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.group.GroupService;
import org.onosproject.net.intent.WorkPartitionEvent;
import org.onosproject.net.intent.WorkPartitionEventListener;
import org.onosproject.net.intent.WorkPartitionService;
import org.onosproject.net.link.LinkEvent;
import org.onosproject.net.link.LinkListener;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.api.InvalidFieldsException;
import org.sixflow.app.config.ComponentProperties;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeAdminService;
import org.sixflow.app.features.msr6.api.Msr6TreeEvent;
import org.sixflow.app.features.msr6.api.Msr6TreeLimits;
import org.sixflow.app.features.msr6.api.Msr6TreeListener;
import org.sixflow.app.features.msr6.api.Msr6TreeRecord;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.Msr6TreeService;
import org.sixflow.app.features.msr6.api.Msr6TreeState;
import org.sixflow.app.features.msr6.api.Msr6TreeStore;
import org.sixflow.app.features.msr6.api.Msr6TreeStoreDelegate;
import org.sixflow.app.features.msr6.impl.compile.Msr6RuleCompiler;
import org.sixflow.app.features.msr6.impl.compile.TreeEntryConflicts;
import org.sixflow.app.features.msr6.impl.encoding.MrhEncoder;
import org.sixflow.app.lifecycle.TableBudget;
import org.sixflow.app.net.HostPorts;
import org.sixflow.pipeconf.GroupIds;
import org.slf4j.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.onlab.util.Tools.groupedThreads;
import static org.sixflow.app.features.msr6.impl.OsgiPropertyConstants.FAILED_TREE_RETRY;
import static org.sixflow.app.features.msr6.impl.OsgiPropertyConstants.FAILED_TREE_RETRY_DEFAULT;
import static org.sixflow.app.features.msr6.impl.OsgiPropertyConstants.FAILED_TREE_RETRY_MAX;
import static org.sixflow.app.features.msr6.impl.OsgiPropertyConstants.TREE_REOPTIMIZE_HOLD;
import static org.sixflow.app.features.msr6.impl.OsgiPropertyConstants.TREE_REOPTIMIZE_HOLD_DEFAULT;
import static org.sixflow.app.features.msr6.impl.OsgiPropertyConstants.TREE_REOPTIMIZE_HOLD_MAX;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * MSR6 trees for the cluster. Any instance takes requests: it checks them (a trial build on the
 * current network and against every stored tree) and writes them to the {@link Msr6TreeStore}.
 * Each tree has one owner instance, chosen by ONOS's WorkPartitionService; only the owner
 * installs, reroutes and removes the tree's entries ({@link TreeReconciler}), on its worker
 * ({@link TreeWorker}: each tree's work in order, different trees' at once), when the store tells
 * it a tree changed, when the network under a tree or a device's
 * sixflow netcfg changes, and when
 * it starts owning trees (at activation and when partitions move). On the owner, create, update
 * and remove wait for that work, so a REST caller there gets the tree as installed (or failed);
 * elsewhere they return the tree as requested. Deactivating never removes entries or stored
 * trees: what the cluster keeps outlives any one instance.
 */
@Component(immediate = true, service = {Msr6TreeService.class, Msr6TreeAdminService.class}, property = {
        TREE_REOPTIMIZE_HOLD + ":Integer=" + TREE_REOPTIMIZE_HOLD_DEFAULT,
        FAILED_TREE_RETRY + ":Integer=" + FAILED_TREE_RETRY_DEFAULT,
})
public class Msr6TreeManager extends AbstractListenerManager<Msr6TreeEvent, Msr6TreeListener>
        implements Msr6TreeAdminService {

    /**
     * How long create, update and remove wait on the owner for the tree's devices: the install's
     * steps (groups, transit, ingress), the drain and the removal of the old version.
     */
    static final long SETTLE_MILLIS = 6 * TreeInstaller.CONFIRM_MILLIS;
    /**
     * How old the table budget's reading of a device may get: a tree's check reads a device's
     * entries (as many as all trees on it) only for a table near full, or once this period.
     */
    static final Duration INSTALLED_COUNTS_PERIOD = Duration.ofSeconds(1);
    /** How many numbers a trial build tries when the one it tried was claimed meanwhile. */
    private static final int TRIAL_ATTEMPTS = 5;
    /** Trees map to work partitions by a hash of their id. */
    private static final Function<String, Long> HASHER =
            id -> Hashing.murmur3_128().hashString(id, StandardCharsets.UTF_8).asLong();

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LinkService linkService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    /** Which ports face hosts: a tree's source and receivers must (policies check theirs the same way). */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected EdgePortService edgePortService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FlowRuleService flowRuleService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GroupService groupService;

    /** The devices' drivers: which groups a device holds, long before ONOS's group poll says so. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DriverService driverService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Msr6TreeStore store;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected WorkPartitionService workPartitionService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    /** Whose devices change master: an install they did not confirm meanwhile is tried again. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    private TreeBuilder builder;
    private HostPorts hostPorts;
    private TableBudget budget;
    private TreeReconciler reconciler;
    private GroupConfirmations groupConfirmations;
    /** The owner's work, off the event threads: each tree's in order, independent trees' at once. */
    private TreeWorker worker;
    /** How many trees the owner installs at once (a test's may differ). */
    int installThreads = TreeWorker.THREADS;
    /**
     * Schedules the removal of replaced tree versions: a test's, set before activation; when null,
     * after RetiringVersions#DRAIN_MILLIS on a timer thread.
     */
    RetiringVersions.DrainTimer drainTimer;
    /** How long each install step waits for the devices (a test's may be shorter). */
    long confirmMillis = TreeInstaller.CONFIRM_MILLIS;
    /**
     * Restarts the hold before installed trees are built again for a smaller tree: a test's, set
     * before activation; when null, a timer thread's.
     */
    Delay reoptimizeDelay;
    /** Seconds the network must stay still before trees are moved back; 0: never (a property). */
    private volatile int treeReoptimizeHoldSeconds = TREE_REOPTIMIZE_HOLD_DEFAULT;
    /** Seconds between the owner's retries of its FAILED trees; 0: only on events (a property). */
    private volatile int failedTreeRetrySeconds = FAILED_TREE_RETRY_DEFAULT;
    /**
     * Runs the periodic retry of failed trees: a test's, set before activation; when null, the
     * timers thread's.
     */
    Ticker failedRetryTicker;
    /** Stops the periodic retry running now, if any. */
    private Runnable stopFailedRetries;
    /** The drains' and the reoptimization's timer, when no test gave them theirs. */
    private ScheduledExecutorService timers;
    private RestartableDelay restartableDelay;
    /** Trees this instance owns and has acted on; the others it owns are new to it. */
    private final Set<String> owned = Sets.newConcurrentHashSet();
    private final Msr6TreeStoreDelegate delegate = new InternalStoreDelegate();
    private final LinkListener linkListener = new InternalLinkListener();
    private final DeviceListener deviceListener = new InternalDeviceListener();
    private final NetworkConfigListener configListener = new InternalConfigListener();
    /** Set while a refresh is queued: ONOS loading netcfg sends a burst of events, one refresh does. */
    private final AtomicBoolean refreshQueued = new AtomicBoolean();
    private final WorkPartitionEventListener partitionListener = new InternalPartitionListener();
    private final MastershipListener mastershipListener = new InternalMastershipListener();

    /** Runs a task every period. */
    interface Ticker {
        /**
         * Runs the task every period, the first time a period from now.
         *
         * @param seconds the period
         * @param task    what runs
         * @return what stops it
         */
        Runnable every(int seconds, Runnable task);
    }

    /** Runs a task after a delay; a restart drops the task waiting and starts again. */
    interface Delay {
        /**
         * Drops the task waiting, if any, and runs this one after the delay.
         *
         * @param millis the delay
         * @param task   what then runs
         */
        void restart(long millis, Runnable task);
    }

    @Activate
    protected void activate(ComponentContext context) {
        ApplicationId appId = coreService.registerApplication(SixflowConfigRegistrar.APP_NAME);
        componentConfigService.registerProperties(getClass());
        readProperties(context);
        builder = new TreeBuilder(deviceService, linkService, configService, pipeconfService,
                                  new Msr6RuleCompiler(appId));
        hostPorts = new HostPorts(edgePortService, linkService);
        groupConfirmations = new GroupConfirmations(groupService,
                new CoalescedGroupReads(new DriverDeviceGroups(driverService)));
        budget = new TableBudget(pipeconfService, flowRuleService)
                .withInstalledCountsEvery(INSTALLED_COUNTS_PERIOD);
        worker = new TreeWorker("sixflow/msr6", "trees-%d", installThreads, log);
        if (drainTimer == null || reoptimizeDelay == null || failedRetryTicker == null) {
            timers = Executors.newSingleThreadScheduledExecutor(groupedThreads("sixflow/msr6", "timers", log));
        }
        RetiringVersions.DrainTimer timer = drainTimer;
        if (timer == null) {
            timer = (treeId, task) -> timers.schedule(
                    () -> worker.submit(treeId, "taking out a replaced version of tree " + treeId, task),
                    RetiringVersions.DRAIN_MILLIS, TimeUnit.MILLISECONDS);
        }
        if (failedRetryTicker == null) {
            failedRetryTicker = (seconds, task) -> {
                ScheduledFuture<?> ticks = timers.scheduleWithFixedDelay(task, seconds, seconds, TimeUnit.SECONDS);
                return () -> ticks.cancel(false);
            };
        }
        if (reoptimizeDelay == null) {
            restartableDelay = new RestartableDelay(timers);
            reoptimizeDelay = restartableDelay;
        }
        reconciler = new TreeReconciler(store, builder, budget,
                                        new TreeInstaller(flowRuleService, groupConfirmations, confirmMillis), timer,
                                        this::groupsGone);
        eventDispatcher.addSink(Msr6TreeEvent.class, listenerRegistry);
        groupService.addListener(groupConfirmations);
        store.setDelegate(delegate);
        workPartitionService.addListener(partitionListener);
        linkService.addListener(linkListener);
        deviceService.addListener(deviceListener);
        mastershipService.addListener(mastershipListener);
        refreshQueued.set(false);
        configService.addListener(configListener);
        // What the cluster kept from before (an app reinstall, a restart) goes back on the devices.
        worker.submit("taking over trees", this::takeOver);
        scheduleFailedRetries();
        log.info("Started");
    }

    @Modified
    protected void modified(ComponentContext context) {
        readProperties(context);
        scheduleFailedRetries();
    }

    private void readProperties(ComponentContext context) {
        treeReoptimizeHoldSeconds = ComponentProperties.integer(
                context, TREE_REOPTIMIZE_HOLD, treeReoptimizeHoldSeconds, 0, TREE_REOPTIMIZE_HOLD_MAX, "seconds", log);
        failedTreeRetrySeconds = ComponentProperties.integer(
                context, FAILED_TREE_RETRY, failedTreeRetrySeconds, 0, FAILED_TREE_RETRY_MAX, "seconds", log);
    }

    private synchronized void scheduleFailedRetries() {
        cancelFailedRetries();
        int period = failedTreeRetrySeconds;
        if (failedRetryTicker != null && period > 0) {
            stopFailedRetries = failedRetryTicker.every(
                    period, () -> retryFailedTrees("retrying failed trees every " + period + " s"));
        }
    }

    private synchronized void cancelFailedRetries() {
        if (stopFailedRetries != null) {
            stopFailedRetries.run();
            stopFailedRetries = null;
        }
    }

    /**
     * Queues another try of each FAILED tree this instance owns (the periodic retry, and a change
     * of a device's master).
     *
     * @param why what the log says the work is
     */
    void retryFailedTrees(String why) {
        worker.submit(why, () -> forOwnTrees(why, Msr6TreeManager::failed, reconciler::retry));
    }

    @Deactivate
    protected void deactivate() {
        componentConfigService.unregisterProperties(getClass(), false);
        mastershipService.removeListener(mastershipListener);
        configService.removeListener(configListener);
        linkService.removeListener(linkListener);
        deviceService.removeListener(deviceListener);
        workPartitionService.removeListener(partitionListener);
        store.unsetDelegate(delegate);
        if (restartableDelay != null) {
            restartableDelay.cancel();
            reoptimizeDelay = null;
            restartableDelay = null;
        }
        cancelFailedRetries();
        if (timers != null) {
            timers.shutdownNow();
            timers = null;
        }
        // A reroute or install under way finishes before anything it uses goes; nothing starts after.
        worker.stop(SETTLE_MILLIS);
        // Replaced versions still draining go now (the worker has stopped): no timer will.
        reconciler.retireAll();
        groupService.removeListener(groupConfirmations);
        eventDispatcher.removeSink(Msr6TreeEvent.class);
        log.info("Stopped");
    }

    @Override
    public List<Msr6Tree> trees() {
        return store.listedRecords().stream().map(Msr6TreeRecord::tree).sorted(Comparator.comparing(Msr6Tree::id))
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public Optional<Msr6Tree> tree(String id) {
        return store.record(id).map(Msr6TreeRecord::tree);
    }

    @Override
    public Msr6TreeLimits limits() {
        Map<DeviceId, Integer> shorter = new HashMap<>();
        for (Device device : deviceService.getDevices()) {
            DeviceEgressLimits.of(device.id(), pipeconfService, configService)
                    .filter(limit -> limit < MrhEncoder.MAX_MSIDS)
                    .ifPresent(limit -> shorter.put(device.id(), limit));
        }
        return Msr6TreeLimits.of(MrhEncoder.MAX_MSIDS, shorter);
    }

    @Override
    public Optional<String> endpointProblem(ConnectPoint port) {
        return hostPorts.problem(checkNotNull(port, "port is required"));
    }

    @Override
    public Msr6Tree create(Msr6TreeRequest request) {
        checkNotNull(request, "request is required");
        String id = request.id();
        if (store.record(id).isPresent()) {
            throw new IdInUseException("tree id " + id + " is in use");
        }
        // One ingress entry per (source address, group, ingress device): a second tree would overwrite it.
        // Said here with the holder's name; add claims it atomically.
        store.ingressHolder(request).filter(holder -> !holder.equals(id))
                .ifPresent(holder -> duplicate(request, holder));
        checkPorts(request);
        trial(request);
        store.add(Msr6TreeRecord.requested(request)).ifPresent(holder -> {
            if (holder.equals(id)) {
                throw new IdInUseException("tree id " + id + " is in use");
            }
            duplicate(request, holder);
        });
        return settle(id).orElseGet(() -> Msr6Tree.requested(request));
    }

    @Override
    public Msr6Tree updateReceivers(String id, Set<ConnectPoint> receivers) {
        Msr6TreeRecord record = store.record(id).filter(r -> r.tree().state() != Msr6TreeState.WITHDRAWN)
                .orElseThrow(() -> new ItemNotFoundException("No tree " + id));
        Msr6TreeRequest old = record.tree().request();
        Msr6TreeRequest request = Msr6TreeRequest.of(id, old.source(), old.group(), receivers, old.mode(),
                                                     old.algorithm(), old.constraints())
                .withSourceAddress(old.sourceAddress().orElse(null));
        checkPorts(request);
        trial(request);
        // A tree being withdrawn takes no new receivers: a removal that won the race is final.
        boolean changed = store.updateIf(id, Msr6TreeManager::notWithdrawn, current -> current.withTree(
                current.tree().withRequest(request).withState(Msr6TreeState.REQUESTED))).isPresent();
        if (!changed) {
            throw new ItemNotFoundException("No tree " + id);
        }
        return settle(id).orElseThrow(() -> new ItemNotFoundException("No tree " + id));
    }

    @Override
    public boolean remove(String id) {
        // Only the removal that withdraws the tree succeeds; concurrent ones find it withdrawn.
        boolean withdrawn = store.updateIf(id, Msr6TreeManager::notWithdrawn, current -> current.withTree(
                current.tree().withState(Msr6TreeState.WITHDRAWN))).isPresent();
        if (withdrawn) {
            settle(id);
        }
        return withdrawn;
    }

    private static boolean notWithdrawn(Msr6TreeRecord record) {
        return record.tree().state() != Msr6TreeState.WITHDRAWN;
    }

    /** The owner's worker (tests wait for it). */
    TreeWorker worker() {
        return worker;
    }

    /**
     * Refuses a source or receiver that is no host-facing port (one that does not exist, or
     * carries a link), naming every such port: the tree would be installed and reported
     * INSTALLED, but no host would ever send or receive on it.
     */
    private void checkPorts(Msr6TreeRequest request) {
        List<InvalidFieldsException.FieldError> errors = new java.util.ArrayList<>();
        hostPorts.problem(request.source())
                .ifPresent(p -> errors.add(new InvalidFieldsException.FieldError("source", p)));
        for (ConnectPoint receiver : request.receivers()) {
            hostPorts.problem(receiver)
                    .ifPresent(p -> errors.add(new InvalidFieldsException.FieldError("receivers", p)));
        }
        if (!errors.isEmpty()) {
            throw new InvalidFieldsException(errors);
        }
    }

    /**
     * Builds the tree on the current network and checks it against every stored tree and against
     * the room left in its devices' tables, so that a request that cannot be met is refused with
     * the reason on whichever instance took it. The owner builds and checks again when it
     * installs: the network, and what other trees claimed, may have changed in between. Both
     * checks look up the store's index entry by entry (as fresh as this instance heard).
     */
    private void trial(Msr6TreeRequest request) {
        for (int attempt = 1; ; attempt++) {
            int number = store.freeNumber(this::groupsGone);
            TreeBuilder.Built built = builder.build(request, number);
            try {
                TreeEntryConflicts.check(request.id(), built.entries, store.entryHolders());
            } catch (IllegalArgumentException e) {
                // A tree installing meanwhile (the owner installs several at once) may have
                // claimed the number tried: its entries, keyed by that number, conflict with the
                // trial's without conflicting with this tree's. Try the number free now.
                if (attempt < TRIAL_ATTEMPTS && store.freeNumber(this::groupsGone) != number) {
                    continue;
                }
                throw e;
            }
            budget.check(built.entries.allRules(), store.claims(request.id()), "this tree");
            return;
        }
    }

    /**
     * Whether ONOS's group store holds no group of a tree number on any device. A removed group
     * stays there PENDING_DELETE until ONOS's next group poll, and the store ignores an add under
     * its key until then: such a number is not given again before.
     */
    private boolean groupsGone(int number) {
        List<GroupKey> keys = List.of(Msr6RuleCompiler.groupKey(GroupIds.treeGroup(number)),
                                      Msr6RuleCompiler.groupKey(GroupIds.splitDeliveryGroup(number)));
        for (Device device : deviceService.getDevices()) {
            for (GroupKey key : keys) {
                if (groupService.getGroup(device.id(), key) != null) {
                    return false;
                }
            }
        }
        return true;
    }

    private static void duplicate(Msr6TreeRequest request, String holder) {
        throw new IllegalArgumentException("group " + request.group() + " already has tree " + holder + " from "
                                                   + request.source().deviceId());
    }

    private boolean isMine(String id) {
        return workPartitionService.isMine(id, HASHER);
    }

    /**
     * On the owner, carries out what the store asks for the tree now and waits for it; then
     * returns the tree as the store has it.
     */
    private Optional<Msr6Tree> settle(String id) {
        if (isMine(id)) {
            try {
                worker.submit(id, "tree " + id, () -> act(id)).get(SETTLE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                log.warn("MSR6 tree {} not settled within {} ms; its owner goes on", id, SETTLE_MILLIS);
            } catch (ExecutionException e) {
                log.warn("MSR6 tree {}: {}", id, e.getCause().getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return tree(id);
    }

    /** The owner's response to any change of a tree; on the worker. */
    private void act(String id) {
        if (isMine(id)) {
            owned.add(id);
            reconciler.reconcile(id);
        }
    }

    /**
     * Queues a re-apply of each stored tree this instance owns and did not own before; on the
     * worker's look thread, as the other network-wide work below: each tree's work goes on that
     * tree's queue.
     */
    private void takeOver() {
        for (Msr6TreeRecord record : store.records()) {
            String id = record.id();
            if (!isMine(id)) {
                owned.remove(id);
            } else if (owned.add(id)) {
                worker.submit(id, "taking over tree " + id, () -> reconciler.reapply(id));
            }
        }
    }

    /**
     * Queues a rebuild of each tree this instance owns that the network change concerns, asked
     * again when its turn comes (the tree may have changed meanwhile). A tree with work under way
     * is asked then too, whatever it is now: that work may end in a state the change concerns (a
     * reroute that read the network before a link came back fails after the news of it).
     */
    private void rebuild(String why, Predicate<Msr6Tree> affected) {
        forOwnTrees(why, affected, reconciler::rebuild);
    }

    /** Queues the work on each tree this instance owns that is affected (or busy: see rebuild). */
    private void forOwnTrees(String why, Predicate<Msr6Tree> affected, Consumer<String> work) {
        for (Msr6TreeRecord record : store.records()) {
            String id = record.id();
            // Busy first: once it is not, the record read after it is the work's outcome.
            if (isMine(id) && (worker.busy(id) || store.record(id).map(r -> affected.test(r.tree())).orElse(false))) {
                worker.submit(id, why + ": tree " + id, () -> {
                    if (store.record(id).map(r -> affected.test(r.tree())).orElse(false)) {
                        work.accept(id);
                    }
                });
            }
        }
    }

    /** Queues a check of each tree this instance owns against the devices' netcfg. */
    private void refresh() {
        refreshQueued.set(false);
        for (Msr6TreeRecord record : store.records()) {
            String id = record.id();
            if (isMine(id)) {
                worker.submit(id, "checking tree " + id + " against netcfg", () -> reconciler.refresh(id));
            }
        }
    }

    /**
     * A link or device came back: failed trees are tried again at once, and, once the network has
     * been still for the hold, every installed tree this instance owns is built again and moved to
     * the new build if that costs less (TreeReconciler#reoptimize).
     */
    private void networkGrew() {
        retryFailedTrees("retrying failed trees");
        int hold = treeReoptimizeHoldSeconds;
        Delay delay = reoptimizeDelay;
        if (hold > 0 && delay != null) {
            delay.restart(TimeUnit.SECONDS.toMillis(hold), () -> worker.submit("reoptimizing trees", this::reoptimize));
        }
    }

    /**
     * Queues a reoptimization of each installed tree this instance owns (or with work under way,
     * which may install it: TreeReconciler#reoptimize asks again).
     */
    private void reoptimize() {
        for (Msr6TreeRecord record : store.records()) {
            String id = record.id();
            if (isMine(id) && (worker.busy(id) || store.record(id)
                    .map(r -> r.tree().state() == Msr6TreeState.INSTALLED).orElse(false))) {
                worker.submit(id, "reoptimizing tree " + id, () -> reconciler.reoptimize(id));
            }
        }
    }

    private static boolean uses(Msr6Tree tree, Predicate<Link> link) {
        return tree.links().stream().anyMatch(link);
    }

    private static boolean failed(Msr6Tree tree) {
        return tree.state() == Msr6TreeState.FAILED;
    }

    private class InternalStoreDelegate implements Msr6TreeStoreDelegate {
        @Override
        public void notify(Msr6TreeEvent event) {
            post(event);
            String id = event.subject().id();
            if (event.type() == Msr6TreeEvent.Type.TREE_REMOVED) {
                owned.remove(id);
            } else {
                worker.submit(id, "tree " + id, () -> act(id));
            }
        }
    }

    private class InternalPartitionListener implements WorkPartitionEventListener {
        @Override
        public void event(WorkPartitionEvent event) {
            worker.submit("taking over trees", Msr6TreeManager.this::takeOver);
        }
    }

    /**
     * A device's new master: an install or re-apply that went to the device while its master was
     * changing (or stopping) may have gone unconfirmed, and the tree FAILED with its entries
     * likely in place; the owner tries its failed trees again.
     */
    private class InternalMastershipListener implements MastershipListener {
        @Override
        public boolean isRelevant(MastershipEvent event) {
            return event.type() == MastershipEvent.Type.MASTER_CHANGED;
        }

        @Override
        public void event(MastershipEvent event) {
            retryFailedTrees("retrying failed trees: " + event.subject() + " has a new master");
        }
    }

    private class InternalLinkListener implements LinkListener {
        @Override
        public void event(LinkEvent event) {
            Link link = event.subject();
            boolean down = event.type() == LinkEvent.Type.LINK_REMOVED
                    || event.type() == LinkEvent.Type.LINK_UPDATED && link.state() == Link.State.INACTIVE;
            if (down) {
                String why = "rerouting around " + link;
                worker.submit(why, () -> rebuild(why, tree -> uses(
                        tree, l -> l.src().equals(link.src()) && l.dst().equals(link.dst()))));
            } else if (event.type() == LinkEvent.Type.LINK_ADDED || event.type() == LinkEvent.Type.LINK_UPDATED) {
                networkGrew();
            }
        }
    }

    /**
     * A device's locator, SID functions or router MAC are in its sixflow netcfg and in the
     * entries of trees on it (and a tree may route through a device only once it has one): the
     * owner checks its trees against the new netcfg.
     */
    private class InternalConfigListener implements NetworkConfigListener {
        @Override
        public boolean isRelevant(NetworkConfigEvent event) {
            return SixflowDeviceConfig.changedBy(event);
        }

        @Override
        public void event(NetworkConfigEvent event) {
            if (refreshQueued.compareAndSet(false, true)) {
                worker.submit("checking trees against netcfg", Msr6TreeManager.this::refresh);
            }
        }
    }

    private class InternalDeviceListener implements DeviceListener {
        @Override
        public boolean isRelevant(DeviceEvent event) {
            return event.type() == DeviceEvent.Type.DEVICE_REMOVED
                    || event.type() == DeviceEvent.Type.DEVICE_ADDED
                    || event.type() == DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED;
        }

        @Override
        public void event(DeviceEvent event) {
            DeviceId device = event.subject().id();
            if (event.type() != DeviceEvent.Type.DEVICE_REMOVED && deviceService.isAvailable(device)) {
                networkGrew();
            } else {
                String why = "rerouting around " + device;
                worker.submit(why, () -> rebuild(why, tree -> uses(
                        tree, l -> l.src().deviceId().equals(device) || l.dst().deviceId().equals(device))));
            }
        }
    }
}
