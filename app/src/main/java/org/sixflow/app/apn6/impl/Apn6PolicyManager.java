// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.apn6.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ListMultimap;
import org.onlab.util.ItemNotFoundException;
import org.onlab.util.KryoNamespace;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.Apn6Match;
import org.sixflow.app.api.Apn6Policy;
import org.sixflow.app.api.Apn6PolicyAdminService;
import org.sixflow.app.api.Apn6PolicyEvent;
import org.sixflow.app.api.Apn6PolicyListener;
import org.sixflow.app.api.Apn6PolicyService;
import org.sixflow.app.api.Apn6Validation;
import org.sixflow.app.api.ApplicationAwareId;
import org.sixflow.app.api.PortRange;
import org.sixflow.app.apn6.Apn6PolicyCompiler;
import org.sixflow.app.apn6.MatchValidator;
import org.sixflow.app.apn6.OverlapIndex;
import org.sixflow.app.config.DeviceRole;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Validates, compiles and installs APN6 policies. Policies live in a distributed map that every
 * instance follows, so overlaps are caught whichever instance is asked; entries are installed
 * through the flow-rule service, which programs each device through its master, and put back
 * by the master when a device reconnects.
 */
@Component(immediate = true, service = {Apn6PolicyService.class, Apn6PolicyAdminService.class})
public class Apn6PolicyManager extends AbstractListenerManager<Apn6PolicyEvent, Apn6PolicyListener>
        implements Apn6PolicyAdminService {

    private static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(Apn6Policy.class, Apn6Match.class, PortRange.class, ApplicationAwareId.class)
            .build("sixflow-apn6"));

    private final Logger log = getLogger(getClass());
    private final DeviceListener deviceListener = new InternalDeviceListener();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected EdgePortService edgePortService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FlowRuleService flowRuleService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;

    private ConsistentMap<String, Apn6Policy> store;
    private Apn6PolicyCompiler compiler;
    private final OverlapIndex index = new OverlapIndex();
    private final Map<String, ListMultimap<DeviceId, FlowRule>> installed = new HashMap<>();
    /** The version of each policy that the index and the compiled entries reflect here. */
    private final Map<String, Apn6Policy> known = new HashMap<>();
    private final MapEventListener<String, Apn6Policy> storeListener = event -> reconcile(event.key());

    @Activate
    protected void activate() {
        ApplicationId appId = coreService.registerApplication(SixflowConfigRegistrar.APP_NAME);
        store = storageService.<String, Apn6Policy>consistentMapBuilder().withName("sixflow-apn6-policies")
                .withSerializer(SERIALIZER).build();
        compiler = new Apn6PolicyCompiler(appId);
        eventDispatcher.addSink(Apn6PolicyEvent.class, listenerRegistry);
        store.values().stream().map(Versioned::value).forEach(this::indexAndInstall);
        store.addListener(storeListener);
        deviceService.addListener(deviceListener);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        deviceService.removeListener(deviceListener);
        store.removeListener(storeListener);
        eventDispatcher.removeSink(Apn6PolicyEvent.class);
        installed.values().forEach(rules -> flowRuleService.removeFlowRules(rules.values().toArray(new FlowRule[0])));
        installed.clear();
        log.info("Stopped");
    }

    @Override
    public List<Apn6Policy> policies() {
        return store.values().stream().map(Versioned::value)
                .sorted(Comparator.comparing(Apn6Policy::priority).reversed().thenComparing(Apn6Policy::id))
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public Optional<Apn6Policy> policy(String id) {
        return Optional.ofNullable(store.get(id)).map(Versioned::value);
    }

    @Override
    public synchronized Apn6Validation validate(Apn6Policy policy) {
        Network network = network();
        List<String> problems = MatchValidator.problems(policy.match(), network::isEdgePort);
        if (network.edges.isEmpty()) {
            problems = ImmutableList.<String>builder().addAll(problems)
                    .add("no EDGE device with a valid sixflow netcfg to classify traffic on").build();
        }
        List<String> conflicts = index.conflict(policy.priority(), policy.match(), policy.id())
                .map(e -> "overlaps policy " + e.id() + " at the same priority " + policy.priority())
                .map(List::of).orElse(List.of());
        List<String> warnings = index.shadowing(policy.priority(), policy.match()).stream()
                .filter(e -> !e.id().equals(policy.id()))
                .map(e -> "never applies: policy " + e.id() + " (priority " + e.priority()
                        + ") matches all of its traffic")
                .collect(Collectors.toList());
        int entries = compiler.compile(policy, network.edges, network.devices).size();
        return new Apn6Validation(problems, conflicts, warnings, entries);
    }

    @Override
    public synchronized Apn6Validation create(Apn6Policy policy) {
        if (store.containsKey(policy.id())) {
            throw new IllegalArgumentException("policy id " + policy.id() + " is in use");
        }
        Apn6Validation validation = checked(policy);
        indexAndInstall(policy);
        store.put(policy.id(), policy);
        post(new Apn6PolicyEvent(Apn6PolicyEvent.Type.POLICY_ADDED, policy));
        return validation;
    }

    @Override
    public synchronized Apn6Validation update(Apn6Policy policy) {
        Versioned<Apn6Policy> old = store.get(policy.id());
        if (old == null) {
            throw new ItemNotFoundException("No policy " + policy.id());
        }
        reconcile(policy.id());   // it may have come from another instance
        Apn6Validation validation = checked(policy);
        // New entries first (same match and priority: modified in place), then what only the old had.
        ListMultimap<DeviceId, FlowRule> before = installed.remove(policy.id());
        index.remove(policy.id());
        indexAndInstall(policy);
        store.put(policy.id(), policy);
        if (before != null) {
            Set<FlowId> kept = installed.get(policy.id()).values().stream().map(FlowRule::id)
                    .collect(Collectors.toSet());
            flowRuleService.removeFlowRules(before.values().stream().filter(r -> !kept.contains(r.id()))
                                                    .toArray(FlowRule[]::new));
        }
        post(new Apn6PolicyEvent(Apn6PolicyEvent.Type.POLICY_UPDATED, policy));
        return validation;
    }

    @Override
    public synchronized boolean remove(String id) {
        reconcile(id);   // the policy may have come from another instance
        index.remove(id);
        known.remove(id);
        ListMultimap<DeviceId, FlowRule> rules = installed.remove(id);
        if (rules != null) {
            flowRuleService.removeFlowRules(rules.values().toArray(new FlowRule[0]));
        }
        Versioned<Apn6Policy> gone = store.remove(id);
        if (gone == null) {
            return false;
        }
        post(new Apn6PolicyEvent(Apn6PolicyEvent.Type.POLICY_REMOVED, gone.value()));
        return true;
    }

    @Override
    public Map<DeviceId, List<String>> entries(String id) {
        ListMultimap<DeviceId, FlowRule> rules = installed.get(id);
        if (rules == null) {
            return ImmutableMap.of();
        }
        Map<DeviceId, List<String>> described = new TreeMap<>(Comparator.comparing(DeviceId::toString));
        rules.forEach((device, rule) -> described.computeIfAbsent(device, d -> new ArrayList<>())
                .add(rule.table() + " " + rule.selector().criteria() + " -> " + rule.treatment().allInstructions()));
        return described;
    }

    private Apn6Validation checked(Apn6Policy policy) {
        Apn6Validation validation = validate(policy);
        if (!validation.valid()) {
            List<String> reasons = new ArrayList<>(validation.problems());
            reasons.addAll(validation.conflicts());
            throw new IllegalArgumentException("policy " + policy.id() + ": " + String.join("; ", reasons));
        }
        return validation;
    }

    private void indexAndInstall(Apn6Policy policy) {
        index.add(new OverlapIndex.Entry(policy.id(), policy.priority(), policy.match()));
        Network network = network();
        ListMultimap<DeviceId, FlowRule> rules = compiler.compile(policy, network.edges, network.devices);
        flowRuleService.applyFlowRules(rules.values().toArray(new FlowRule[0]));
        installed.put(policy.id(), rules);
        known.put(policy.id(), policy);
    }

    /**
     * Brings the index and the compiled entries for one policy in line with the distributed
     * store, after another instance changed it. The entries are not applied again: the instance
     * that made the change did, and the flow-rule store is shared.
     */
    private synchronized void reconcile(String id) {
        Versioned<Apn6Policy> current = store.get(id);
        Apn6Policy now = current == null ? null : current.value();
        if (Objects.equals(now, known.get(id))) {
            return;
        }
        index.remove(id);
        installed.remove(id);
        known.remove(id);
        if (now != null) {
            index.add(new OverlapIndex.Entry(now.id(), now.priority(), now.match()));
            Network network = network();
            installed.put(id, compiler.compile(now, network.edges, network.devices));
            known.put(id, now);
        }
    }

    /** Sixflow devices now: every one with a valid netcfg, and the edges with their host ports. */
    private Network network() {
        Network network = new Network();
        for (Device device : deviceService.getDevices()) {
            SixflowDeviceConfig config = configService.getConfig(device.id(), SixflowDeviceConfig.class);
            if (config == null || !valid(config)) {
                continue;
            }
            network.devices.add(device.id());
            if (config.role() == DeviceRole.EDGE) {
                network.edges.put(device.id(), ImmutableList.copyOf(edgePortService.getEdgePoints(device.id()))
                        .stream().collect(Collectors.toSet()));
            }
        }
        return network;
    }

    private static boolean valid(SixflowDeviceConfig config) {
        try {
            return config.isValid();
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static final class Network {
        final List<DeviceId> devices = new ArrayList<>();
        final Map<DeviceId, Set<ConnectPoint>> edges = new HashMap<>();

        boolean isEdgePort(ConnectPoint port) {
            return edges.getOrDefault(port.deviceId(), Set.of()).contains(port);
        }
    }

    /** A device that comes back gets its entries again (it may have lost them). */
    private class InternalDeviceListener implements DeviceListener {
        @Override
        public boolean isRelevant(DeviceEvent event) {
            return (event.type() == DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED
                    || event.type() == DeviceEvent.Type.DEVICE_ADDED)
                    && deviceService.isAvailable(event.subject().id())
                    // Every instance hears the event; the master alone re-programs the device.
                    && mastershipService.isLocalMaster(event.subject().id());
        }

        @Override
        public void event(DeviceEvent event) {
            DeviceId device = event.subject().id();
            synchronized (Apn6PolicyManager.this) {
                FlowRule[] rules = installed.values().stream().flatMap(r -> r.get(device).stream())
                        .toArray(FlowRule[]::new);
                if (rules.length > 0) {
                    flowRuleService.applyFlowRules(rules);
                    log.info("Reinstalled {} APN6 entries on {}", rules.length, device);
                }
            }
        }
    }
}
