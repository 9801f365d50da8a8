// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.impl;

import com.google.common.collect.ImmutableList;
import org.onlab.util.KryoNamespace;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupService;
import org.onosproject.net.link.LinkService;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.AtomicCounter;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.Msr6Tree;
import org.sixflow.app.api.Msr6TreeRequest;
import org.sixflow.app.api.Msr6TreeService;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.msr6.compile.CompiledTree;
import org.sixflow.app.msr6.compile.Msr6RuleCompiler;
import org.sixflow.app.msr6.encoding.EncodedTree;
import org.sixflow.app.msr6.encoding.Msr6Mode;
import org.sixflow.app.msr6.encoding.MrhEncoder;
import org.sixflow.app.msr6.tree.MulticastTree;
import org.sixflow.app.msr6.tree.ShortestPathUnion;
import org.sixflow.app.msr6.tree.TakahashiMatsuyama;
import org.sixflow.app.msr6.tree.TreeAlgorithm;
import org.sixflow.app.msr6.tree.UnreachableReceiversException;
import org.slf4j.Logger;

import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Computes, encodes, compiles and installs MSR6 trees. Requests live in a distributed map so
 * the cluster shares them; the instance that takes a request installs its entries through
 * ONOS's flow-rule and group services, which program each device through its master.
 */
@Component(immediate = true, service = Msr6TreeService.class)
public class Msr6TreeManager implements Msr6TreeService {

    private static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(Msr6TreeRequest.class, Msr6TreeRequest.Algorithm.class, Msr6Mode.class)
            .build("sixflow-msr6"));

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
    protected CoreService coreService;

    private ApplicationId appId;
    private ConsistentMap<String, Msr6TreeRequest> requests;
    private AtomicCounter numbers;
    private Msr6RuleCompiler compiler;
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
        numbers = storageService.atomicCounterBuilder().withName("sixflow-msr6-tree-numbers").build()
                .asAtomicCounter();
        compiler = new Msr6RuleCompiler(appId);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        installed.keySet().forEach(this::uninstall);
        log.info("Stopped");
    }

    @Override
    public List<Msr6Tree> trees() {
        return installed.values().stream().map(i -> i.tree)
                .sorted(Comparator.comparing(t -> t.request().id())).collect(ImmutableList.toImmutableList());
    }

    @Override
    public Optional<Msr6Tree> tree(String id) {
        return Optional.ofNullable(installed.get(id)).map(i -> i.tree);
    }

    @Override
    public synchronized Msr6Tree create(Msr6TreeRequest request) {
        if (requests.containsKey(request.id())) {
            throw new IllegalArgumentException("tree id " + request.id() + " is in use");
        }
        TopologyView view = new TopologyView(deviceService, linkService, configService);
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
        EncodedTree encoded = new MrhEncoder(view::locator, view::rlbBit).encode(view.graph(), tree, request.mode());
        long number = numbers.incrementAndGet();
        if (number > Msr6RuleCompiler.MAX_TREE_ID) {
            throw new IllegalArgumentException("tree numbers are exhausted (" + Msr6RuleCompiler.MAX_TREE_ID + ")");
        }
        CompiledTree compiled = compiler.compile((int) number, request.group(), null, view.graph(), tree, encoded,
                                                 view);
        flowRuleService.applyFlowRules(compiled.rules().values().toArray(new FlowRule[0]));
        for (GroupDescription group : compiled.groups().values()) {
            if (!groupInUse(group, null)) {
                groupService.addGroup(group);
            }
        }
        List<Link> links = tree.edges().stream().map(view::link).collect(ImmutableList.toImmutableList());
        Map<DeviceId, Integer> entries = new HashMap<>();
        compiled.rules().keySet().forEach(d -> entries.merge(d, compiled.rules().get(d).size(), Integer::sum));
        compiled.groups().keySet().forEach(d -> entries.merge(d, compiled.groups().get(d).size(), Integer::sum));
        Msr6Tree result = new Msr6Tree(request, (int) number, links, encoded.msids(), tree.replicationPoints(),
                                       entries);
        requests.put(request.id(), request);
        installed.put(request.id(), new Installed(result, compiled));
        log.info("Installed MSR6 tree {} ({} links, {} M-SIDs)", request.id(), links.size(), encoded.msids().size());
        return result;
    }

    @Override
    public synchronized boolean remove(String id) {
        boolean known = requests.remove(id) != null;
        return uninstall(id) || known;
    }

    private boolean uninstall(String id) {
        Installed gone = installed.remove(id);
        if (gone == null) {
            return false;
        }
        flowRuleService.removeFlowRules(gone.compiled.rules().values().toArray(new FlowRule[0]));
        for (GroupDescription group : gone.compiled.groups().values()) {
            // Bitstring groups are shared by the RLB trees of a device.
            if (!groupInUse(group, id)) {
                groupService.removeGroup(group.deviceId(), group.appCookie(), appId);
            }
        }
        return true;
    }

    private boolean groupInUse(GroupDescription group, String except) {
        Set<String> users = new HashSet<>();
        installed.forEach((treeId, i) -> i.compiled.groups().get(group.deviceId()).stream()
                .filter(g -> g.appCookie().equals(group.appCookie()))
                .forEach(g -> users.add(treeId)));
        users.remove(except);
        return !users.isEmpty();
    }

    private static int vertex(TopologyView view, ConnectPoint port, String role) {
        return view.vertex(port.deviceId()).orElseThrow(() -> new IllegalArgumentException(
                role + " " + port + ": device " + port.deviceId() + " is unknown, unavailable, or has no valid "
                        + "sixflow netcfg (role, locator, myStationMac)"));
    }
}
