// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.impl;

import com.google.common.collect.ImmutableList;
import org.onlab.util.ItemNotFoundException;
import org.onlab.util.KryoNamespace;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupService;
import org.onosproject.net.link.LinkEvent;
import org.onosproject.net.link.LinkListener;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.AtomicCounter;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.Msr6Mode;
import org.sixflow.app.api.Msr6Tree;
import org.sixflow.app.api.Msr6TreeAdminService;
import org.sixflow.app.api.Msr6TreeEvent;
import org.sixflow.app.api.Msr6TreeListener;
import org.sixflow.app.api.Msr6TreeRequest;
import org.sixflow.app.api.Msr6TreeService;
import org.sixflow.app.api.TreeConstraints;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.msr6.compile.CompiledTree;
import org.sixflow.app.msr6.compile.Msr6EntryText;
import org.sixflow.app.msr6.compile.Msr6RuleCompiler;
import org.sixflow.app.msr6.compile.TreeEntryConflicts;
import org.sixflow.app.msr6.encoding.EncodedTree;
import org.sixflow.app.msr6.encoding.MrhEncoder;
import org.sixflow.app.msr6.tree.MulticastTree;
import org.sixflow.app.msr6.tree.ShortestPathUnion;
import org.sixflow.app.msr6.tree.TakahashiMatsuyama;
import org.sixflow.app.msr6.tree.TreeAlgorithm;
import org.sixflow.app.msr6.tree.UnreachableReceiversException;
import org.sixflow.pipeconf.EgressMsidLimits;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Computes, encodes, compiles and installs MSR6 trees. Requests live in a distributed map so
 * the cluster shares them; the instance that takes a request installs its entries through
 * ONOS's flow-rule and group services, which program each device through its master.
 */
@Component(immediate = true, service = {Msr6TreeService.class, Msr6TreeAdminService.class})
public class Msr6TreeManager extends AbstractListenerManager<Msr6TreeEvent, Msr6TreeListener>
        implements Msr6TreeAdminService {

    private static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(Msr6TreeRequest.class, Msr6TreeRequest.Algorithm.class, Msr6Mode.class,
                      TreeConstraints.class, TreeConstraints.Metric.class)
            .build("sixflow-msr6"));

    /** How long each install step waits for the devices to confirm it. */
    static final long CONFIRM_MILLIS = 5_000;
    /**
     * How long the old tree's state stays after the ingress moved traffic to the new tree, for the
     * packets still queued along the old one (software switches queue for milliseconds; the bmv2
     * lab's receiver-change test lost 1-9 packets of 4,000 at 1 kpps without it).
     */
    static final long DRAIN_MILLIS = 200;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LinkService linkService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FlowRuleService flowRuleService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GroupService groupService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    private ApplicationId appId;
    private ConsistentMap<String, Msr6TreeRequest> requests;
    /** Data-plane number of each tree, so every instance derives the same view. */
    private ConsistentMap<String, Integer> treeNumbers;
    private AtomicCounter numbers;
    private Msr6RuleCompiler compiler;
    private final LinkListener linkListener = new InternalLinkListener();
    private final DeviceListener deviceListener = new InternalDeviceListener();
    /** Reroutes off the event threads, one at a time. */
    private ExecutorService events;
    /** What this instance installed, to show and to remove. */
    private final Map<String, Installed> installed = new ConcurrentHashMap<>();

    private static final class Installed {
        final Msr6Tree tree;
        final CompiledTree compiled;

        Installed(Msr6Tree tree, CompiledTree compiled) {
            this.tree = tree;
            this.compiled = compiled;
        }
    }

    @Activate
    protected void activate() {
        appId = coreService.registerApplication(SixflowConfigRegistrar.APP_NAME);
        requests = storageService.<String, Msr6TreeRequest>consistentMapBuilder()
                .withName("sixflow-msr6-trees").withSerializer(SERIALIZER).build();
        treeNumbers = storageService.<String, Integer>consistentMapBuilder()
                .withName("sixflow-msr6-tree-number-of").withSerializer(SERIALIZER).build();
        numbers = storageService.atomicCounterBuilder().withName("sixflow-msr6-tree-numbers").build()
                .asAtomicCounter();
        compiler = new Msr6RuleCompiler(appId);
        eventDispatcher.addSink(Msr6TreeEvent.class, listenerRegistry);
        events = Executors.newSingleThreadExecutor(groupedThreads("sixflow/msr6", "reroute", log));
        linkService.addListener(linkListener);
        deviceService.addListener(deviceListener);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        linkService.removeListener(linkListener);
        deviceService.removeListener(deviceListener);
        events.shutdown();
        eventDispatcher.removeSink(Msr6TreeEvent.class);
        installed.keySet().forEach(this::uninstall);
        log.info("Stopped");
    }

    @Override
    public List<Msr6Tree> trees() {
        return requests.keySet().stream().sorted().map(this::tree).flatMap(Optional::stream)
                .collect(ImmutableList.toImmutableList());
    }

    /**
     * Returns a tree: as installed here, or, for a tree another instance installed, as computed
     * from the shared request and number on the current topology.
     */
    @Override
    public Optional<Msr6Tree> tree(String id) {
        Installed local = installed.get(id);
        if (local != null) {
            return Optional.of(local.tree);
        }
        Versioned<Msr6TreeRequest> request = requests.get(id);
        Versioned<Integer> number = treeNumbers.get(id);
        if (request == null || number == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(build(request.value(), number.value()).tree);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public synchronized Msr6Tree create(Msr6TreeRequest request) {
        if (requests.containsKey(request.id())) {
            throw new IllegalArgumentException("tree id " + request.id() + " is in use");
        }
        // One ingress entry per (group, ingress device): a second tree would overwrite the first.
        installed.values().stream().map(i -> i.tree.request())
                .filter(r -> r.group().equals(request.group())
                        && r.sourceAddress().equals(request.sourceAddress())
                        && r.source().deviceId().equals(request.source().deviceId()))
                .findFirst().ifPresent(r -> {
                    throw new IllegalArgumentException("group " + request.group() + " already has tree " + r.id()
                                                               + " from " + r.source().deviceId());
                });
        Installed built = build(request, nextNumber());
        TreeEntryConflicts.check(request.id(), built.compiled, compiledTrees());
        install(built, null);
        requests.put(request.id(), request);
        treeNumbers.put(request.id(), built.tree.number());
        installed.put(request.id(), built);
        log.info("Installed MSR6 tree {} ({} links, {} M-SIDs)", request.id(), built.tree.links().size(),
                 built.tree.msids().size());
        post(new Msr6TreeEvent(Msr6TreeEvent.Type.TREE_ADDED, built.tree));
        return built.tree;
    }

    @Override
    public synchronized Msr6Tree updateReceivers(String id, Set<ConnectPoint> receivers) {
        Msr6TreeRequest old = requests.get(id) == null ? null : requests.get(id).value();
        if (old == null) {
            throw new ItemNotFoundException("No tree " + id);
        }
        Msr6TreeRequest request = Msr6TreeRequest.of(id, old.source(), old.group(), receivers, old.mode(),
                                                     old.algorithm(), old.constraints())
                .withSourceAddress(old.sourceAddress().orElse(null));
        Msr6Tree tree = replace(request);
        requests.put(id, request);
        return tree;
    }

    /**
     * Make-before-break: the new tree's transit state goes in first, then the ingress entries
     * (same match, so ONOS modifies them in place and traffic switches at once), and only then
     * what the old tree alone used comes out.
     */
    private Msr6Tree replace(Msr6TreeRequest request) {
        Installed built = build(request, nextNumber());
        TreeEntryConflicts.check(request.id(), built.compiled, compiledTrees());
        treeNumbers.put(request.id(), built.tree.number());
        Installed old = installed.get(request.id());
        install(built, old);
        installed.put(request.id(), built);
        if (old != null) {
            // Packets the ingress encapsulated for the old tree just before the switch are still
            // queued on their way; they need the old transit state to arrive.
            drain();
            // Kept: what the new tree has too, and what other trees share (local SIDs, adjacencies).
            Set<FlowId> kept = installed.values().stream().flatMap(i -> i.compiled.rules().values().stream())
                    .map(FlowRule::id).collect(Collectors.toSet());
            flowRuleService.removeFlowRules(old.compiled.rules().values().stream()
                                                    .filter(r -> !kept.contains(r.id())).toArray(FlowRule[]::new));
            removeGroups(old, request.id());
        }
        log.info("Replaced MSR6 tree {} ({} links)", request.id(), built.tree.links().size());
        post(new Msr6TreeEvent(Msr6TreeEvent.Type.TREE_UPDATED, built.tree));
        return built.tree;
    }

    private Map<String, CompiledTree> compiledTrees() {
        Map<String, CompiledTree> trees = new HashMap<>();
        installed.forEach((id, i) -> trees.put(id, i.compiled));
        return trees;
    }

    private int nextNumber() {
        long number = numbers.incrementAndGet();
        if (number > Msr6RuleCompiler.MAX_TREE_ID) {
            throw new IllegalArgumentException("tree numbers are exhausted (" + Msr6RuleCompiler.MAX_TREE_ID + ")");
        }
        return (int) number;
    }

    private Installed build(Msr6TreeRequest request, int number) {
        TreeConstraints constraints = request.constraints();
        TopologyView view = new TopologyView(deviceService, linkService, configService, constraints);
        int source = vertex(view, request.source(), "source");
        Set<Integer> receivers = new TreeSet<>();
        for (ConnectPoint receiver : request.receivers()) {
            int v = vertex(view, receiver, "receiver");
            if (v == source) {
                throw new IllegalArgumentException("receiver " + receiver + " is on the source's own device: "
                                                           + "deliver it there without MSR6");
            }
            receivers.add(v);
        }
        view.receivers(request.receivers());
        TreeAlgorithm algorithm = request.algorithm() == Msr6TreeRequest.Algorithm.STEINER
                ? new TakahashiMatsuyama() : new ShortestPathUnion();
        MulticastTree tree;
        try {
            tree = algorithm.compute(view.graph(), source, receivers);
        } catch (UnreachableReceiversException e) {
            throw new IllegalArgumentException("no path from " + request.source().deviceId() + " to "
                    + e.unreachable().stream().map(view::device).map(Object::toString)
                    .collect(Collectors.joining(", ")), e);
        }
        checkConstraints(tree, view, constraints);
        EncodedTree encoded = new MrhEncoder(view::locator, view::rlbBit, view::endRlFunction,
                                              view::endRlbXFunction).encode(view.graph(), tree, request.mode(), number);
        EgressMsidCheck.check(tree, encoded.msids().size(), view::device,
                              id -> pipeconfService.ofDevice(id).flatMap(EgressMsidLimits::of));
        CompiledTree compiled = compiler.compile(number, request.group(), request.sourceAddress().orElse(null), view.graph(), tree, encoded,
                                                 view);
        List<Link> links = tree.edges().stream().map(view::link).collect(ImmutableList.toImmutableList());
        Map<DeviceId, List<String>> details = new HashMap<>();
        compiled.rules().forEach((d, rule) -> details.computeIfAbsent(d, x -> new ArrayList<>()).add(Msr6EntryText.describe(rule)));
        compiled.groups().forEach((d, group) -> details.computeIfAbsent(d, x -> new ArrayList<>())
                .add("group " + group.givenGroupId() + " (ALL) -> " + group.buckets().buckets().stream()
                        .map(b -> b.treatment().allInstructions().toString()).collect(Collectors.joining(", "))));
        Msr6Tree result = new Msr6Tree(request, number, links, encoded.msids(), tree.replicationPoints(),
                                       details);
        return new Installed(result, compiled);
    }

    /**
     * Make-before-break, confirmed: the groups and the transit entries must be on their devices
     * before the ingress entries move traffic onto them, and (in {@link #replace}) before anything
     * of the old tree comes out. Each step waits for the devices' answers (FlowRuleOperations
     * context, group state), at most CONFIRM_MILLIS; a step that is not confirmed in time or that a
     * device refuses is logged and the install goes on, as the tree's entries are still wanted.
     */
    private void install(Installed built, Installed replacing) {
        List<GroupDescription> added = new ArrayList<>();
        for (GroupDescription group : built.compiled.groups().values()) {
            if (!groupInUse(group, null)) {
                groupService.addGroup(group);
                added.add(group);
            }
        }
        DeviceId ingress = built.tree.request().source().deviceId();
        String id = built.tree.request().id();
        applyConfirmed(id, "transit entries", built.compiled.rules().values().stream()
                .filter(r -> !r.deviceId().equals(ingress)).collect(Collectors.toList()));
        awaitGroups(id, added);
        applyConfirmed(id, "ingress entries", built.compiled.rules().get(ingress));
    }

    private static void drain() {
        try {
            Thread.sleep(DRAIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void applyConfirmed(String treeId, String what, List<FlowRule> rules) {
        if (rules.isEmpty()) {
            return;
        }
        CompletableFuture<Void> confirmed = new CompletableFuture<>();
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        rules.forEach(ops::add);
        flowRuleService.apply(ops.build(new FlowRuleOperationsContext() {
            @Override
            public void onSuccess(FlowRuleOperations done) {
                confirmed.complete(null);
            }

            @Override
            public void onError(FlowRuleOperations failed) {
                confirmed.completeExceptionally(new IllegalStateException(failed.stages().stream()
                        .flatMap(Set::stream).map(op -> op.rule().deviceId() + " " + op.rule().table())
                        .distinct().collect(Collectors.joining(", "))));
            }
        }));
        try {
            confirmed.get(CONFIRM_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            log.warn("MSR6 tree {}: {} not confirmed within {} ms; going on", treeId, what, CONFIRM_MILLIS);
        } catch (ExecutionException e) {
            log.warn("MSR6 tree {}: devices refused {}: {}", treeId, what, e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits until every group is ADDED on its device (or the wait runs out, which is logged). */
    private void awaitGroups(String treeId, List<GroupDescription> groups) {
        long deadline = System.currentTimeMillis() + CONFIRM_MILLIS;
        for (GroupDescription wanted : groups) {
            while (true) {
                Group group = groupService.getGroup(wanted.deviceId(), wanted.appCookie());
                if (group != null && group.state() == Group.GroupState.ADDED) {
                    break;
                }
                if (System.currentTimeMillis() > deadline) {
                    log.warn("MSR6 tree {}: group {} on {} not confirmed within {} ms ({}); going on", treeId,
                             wanted.givenGroupId(), wanted.deviceId(), CONFIRM_MILLIS,
                             group == null ? "absent" : group.state());
                    return;
                }
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    @Override
    public synchronized boolean remove(String id) {
        boolean known = requests.remove(id) != null;
        treeNumbers.remove(id);
        return uninstall(id) || known;
    }

    private boolean uninstall(String id) {
        Installed gone = installed.remove(id);
        if (gone == null) {
            return false;
        }
        // Local SIDs and adjacencies are the same entries for every tree of a device.
        Set<FlowId> shared = installed.values().stream().flatMap(i -> i.compiled.rules().values().stream())
                .map(FlowRule::id).collect(Collectors.toSet());
        flowRuleService.removeFlowRules(gone.compiled.rules().values().stream()
                                                .filter(r -> !shared.contains(r.id())).toArray(FlowRule[]::new));
        removeGroups(gone, id);
        post(new Msr6TreeEvent(Msr6TreeEvent.Type.TREE_REMOVED, gone.tree));
        return true;
    }

    private void removeGroups(Installed gone, String id) {
        for (GroupDescription group : gone.compiled.groups().values()) {
            // Bitstring groups are shared by the RLB trees of a device.
            if (!groupInUse(group, id)) {
                groupService.removeGroup(group.deviceId(), group.appCookie(), appId);
            }
        }
    }

    /**
     * Recomputes every tree that uses a link or device that went away, with the same request.
     * A tree that can no longer be built keeps its old state and is logged.
     */
    synchronized void reroute(Predicate<Msr6Tree> affected) {
        for (Installed i : ImmutableList.copyOf(installed.values())) {
            if (affected.test(i.tree)) {
                try {
                    replace(i.tree.request());
                } catch (IllegalArgumentException e) {
                    log.warn("MSR6 tree {} cannot be rerouted: {}", i.tree.request().id(), e.getMessage());
                    post(new Msr6TreeEvent(Msr6TreeEvent.Type.TREE_FAILED, i.tree));
                }
            }
        }
    }

    private class InternalLinkListener implements LinkListener {
        @Override
        public boolean isRelevant(LinkEvent event) {
            return event.type() == LinkEvent.Type.LINK_REMOVED
                    || event.type() == LinkEvent.Type.LINK_UPDATED && event.subject().state() == Link.State.INACTIVE;
        }

        @Override
        public void event(LinkEvent event) {
            Link down = event.subject();
            events.execute(() -> reroute(tree -> tree.links().stream().anyMatch(
                    l -> l.src().equals(down.src()) && l.dst().equals(down.dst()))));
        }
    }

    private class InternalDeviceListener implements DeviceListener {
        @Override
        public boolean isRelevant(DeviceEvent event) {
            return event.type() == DeviceEvent.Type.DEVICE_REMOVED
                    || event.type() == DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED
                    && !deviceService.isAvailable(event.subject().id());
        }

        @Override
        public void event(DeviceEvent event) {
            DeviceId down = event.subject().id();
            events.execute(() -> reroute(tree -> tree.links().stream().anyMatch(
                    l -> l.src().deviceId().equals(down) || l.dst().deviceId().equals(down))));
        }
    }

    private boolean groupInUse(GroupDescription group, String except) {
        Set<String> users = new HashSet<>();
        installed.forEach((treeId, i) -> i.compiled.groups().get(group.deviceId()).stream()
                .filter(g -> g.appCookie().equals(group.appCookie()))
                .forEach(g -> users.add(treeId)));
        users.remove(except);
        return !users.isEmpty();
    }

    private static void checkConstraints(MulticastTree tree, TopologyView view, TreeConstraints constraints) {
        if (constraints.maxHops() > 0) {
            List<String> far = tree.receivers().stream().filter(r -> tree.depth(r) > constraints.maxHops())
                    .map(r -> view.device(r) + " (" + tree.depth(r) + " hops)").collect(Collectors.toList());
            if (!far.isEmpty()) {
                throw new IllegalArgumentException("maxHops " + constraints.maxHops() + " exceeded for " + far);
            }
        }
        if (constraints.maxCost() > 0 && tree.cost() > constraints.maxCost()) {
            throw new IllegalArgumentException("the tree costs " + tree.cost() + ", more than maxCost "
                                                       + constraints.maxCost());
        }
    }

    private static int vertex(TopologyView view, ConnectPoint port, String role) {
        return view.vertex(port.deviceId()).orElseThrow(() -> new IllegalArgumentException(
                role + " " + port + ": device " + port.deviceId() + " is unknown, unavailable, excluded, or has "
                        + "no valid sixflow netcfg (role, locator, myStationMac)"));
    }
}
