// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ListMultimap;
import com.google.common.collect.Maps;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.edge.EdgePortListener;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.intent.WorkPartitionService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.TableFullException;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6PolicyAdminService;
import org.sixflow.app.features.apn6.api.Apn6PolicyEvent;
import org.sixflow.app.features.apn6.api.Apn6PolicyListener;
import org.sixflow.app.features.apn6.api.Apn6PolicyService;
import org.sixflow.app.features.apn6.api.Apn6PolicyStore;
import org.sixflow.app.features.apn6.api.Apn6PolicyStoreDelegate;
import org.sixflow.app.features.apn6.api.Apn6Validation;
import org.sixflow.app.features.apn6.impl.Apn6PolicyCompiler;
import org.sixflow.app.impl.ProfileFeatures;
import org.sixflow.app.lifecycle.OwnedFeature;
import org.sixflow.app.lifecycle.OwnedLifecycle;
import org.sixflow.app.lifecycle.TableBudget;
import org.sixflow.app.net.HostPorts;
import org.sixflow.pipeconf.Feature;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * APN6 policies across the cluster. Any instance accepts a change: it checks it against the
 * network and the policies in the store, and writes the store. The rest is the owned-object
 * lifecycle every feature shares ({@link OwnedLifecycle}): the policy's owner installs, replaces
 * or removes its entries and records the outcome as its status; this manager has it recompile
 * its policies when edge ports, Sixflow devices or their netcfg change. Entries two policies
 * compile to alike (transit SLA and egress strip entries of policies with the same SLA level,
 * APP ID and priority) are one flow rule, which leaves only when no stored policy compiles to it.
 *
 * <p>Table room: a change is refused (TableFullException, 409) when its new entries would not
 * fit a P4 table of a device, counting what the devices hold and what stored policies not yet
 * installed compile to. The owner checks again before it installs, so that of two policies
 * accepted at once for the last room one fails with the reason.
 */
@Component(immediate = true, service = {Apn6PolicyService.class, Apn6PolicyAdminService.class})
public class Apn6PolicyManager extends AbstractListenerManager<Apn6PolicyEvent, Apn6PolicyListener>
        implements Apn6PolicyAdminService {

    private final Logger log = getLogger(getClass());
    private final Apn6PolicyStoreDelegate delegate = new InternalStoreDelegate();
    private final DeviceListener deviceListener = new InternalDeviceListener();
    private final EdgePortListener edgeListener = event -> this.lifecycle.reinstallSoon();
    private final NetworkConfigListener configListener = new InternalConfigListener();
    /** Serialises check-and-write of changes made through this instance. */
    private final Object changes = new Object();
    private final PolicyChecker checker = new PolicyChecker();

    /** What needs a policy's entries, in a table shortfall's words. */
    static final String WHAT = "this policy";

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Apn6PolicyStore store;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected EdgePortService edgePortService;

    /** Links: a refused ingress port that carries one is named as a link port. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LinkService linkService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FlowRuleService flowRuleService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected WorkPartitionService workPartitionService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    /**
     * Where the owner's work runs, one task at a time: store events, network changes, outcomes.
     * A single thread of the manager's own unless set (tests set one that runs tasks at once).
     */
    protected Executor work;

    private Apn6PolicyCompiler compiler;
    private OwnedLifecycle<Apn6Policy> lifecycle;

    @Activate
    protected void activate() {
        compiler = new Apn6PolicyCompiler(coreService.registerApplication(SixflowConfigRegistrar.APP_NAME));
        lifecycle = new OwnedLifecycle<>("APN6 policy", WHAT, "sixflow/apn6", log, new Policies(), flowRuleService,
                                         new TableBudget(pipeconfService, flowRuleService), workPartitionService);
        eventDispatcher.addSink(Apn6PolicyEvent.class, listenerRegistry);
        store.setDelegate(delegate);
        configService.addListener(configListener);
        edgePortService.addListener(edgeListener);
        deviceService.addListener(deviceListener);
        lifecycle.start(work);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        lifecycle.stop();
        deviceService.removeListener(deviceListener);
        edgePortService.removeListener(edgeListener);
        configService.removeListener(configListener);
        store.unsetDelegate(delegate);
        eventDispatcher.removeSink(Apn6PolicyEvent.class);
        // Nothing is removed: the entries and the stored policies are the cluster's, and the
        // owner that takes over (or this instance, when it starts again) reinstalls them.
        log.info("Stopped");
    }

    @Override
    public List<Apn6Policy> policies() {
        return store.listed().values().stream().map(Map.Entry::getKey)
                .sorted(Comparator.comparing(Apn6Policy::priority).reversed().thenComparing(Apn6Policy::id))
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public Map<String, InstallStatus> statuses() {
        return Maps.transformValues(store.listed(), Map.Entry::getValue);
    }

    @Override
    public Optional<Apn6Policy> policy(String id) {
        return store.get(id);
    }

    @Override
    public Optional<InstallStatus> status(String id) {
        return store.status(id);
    }

    @Override
    public Apn6Validation validate(Apn6Policy policy) {
        return assess(policy).withRoom();
    }

    @Override
    public Apn6Validation create(Apn6Policy policy) {
        synchronized (changes) {
            if (store.get(policy.id()).isPresent()) {
                throw new IdInUseException("policy id " + policy.id() + " is in use");
            }
            Apn6Validation validation = checked(policy);
            if (!store.add(policy)) {
                throw new IdInUseException("policy id " + policy.id() + " is in use");
            }
            return validation;
        }
    }

    @Override
    public Apn6Validation update(Apn6Policy policy) {
        synchronized (changes) {
            if (store.get(policy.id()).isEmpty()) {
                throw new ItemNotFoundException("No policy " + policy.id());
            }
            Apn6Validation validation = checked(policy);
            if (store.replace(policy).isEmpty()) {
                throw new ItemNotFoundException("No policy " + policy.id());
            }
            return validation;
        }
    }

    @Override
    public boolean remove(String id) {
        synchronized (changes) {
            return store.remove(id).isPresent();
        }
    }

    @Override
    public Map<DeviceId, List<String>> entries(String id) {
        Map<DeviceId, List<String>> described = new TreeMap<>(Comparator.comparing(DeviceId::toString));
        store.get(id).ifPresent(policy -> compile(policy, network()).forEach(
                (device, rule) -> described.computeIfAbsent(device, d -> new ArrayList<>()).add(
                        rule.table() + " " + rule.selector().criteria() + " -> "
                                + rule.treatment().allInstructions())));
        return described;
    }

    private Apn6Validation checked(Apn6Policy policy) {
        // The devices the policy compiles entries for must have APN6 compiled in.
        for (DeviceId device : compile(policy, network()).keySet()) {
            ProfileFeatures.require(device, pipeconfService.ofDevice(device), Feature.APN6);
        }
        Assessment assessment = assess(policy);
        Apn6Validation validation = assessment.withRoom();
        if (!assessment.validation.valid()) {
            List<String> reasons = new ArrayList<>(validation.problems());
            reasons.addAll(validation.conflicts());
            throw new IllegalArgumentException("policy " + policy.id() + ": " + String.join("; ", reasons));
        }
        if (!assessment.full.isEmpty()) {
            throw assessment.full.get(0);
        }
        return validation;
    }

    /** Checks a policy against the network, the stored policies and the room in the tables. */
    private Assessment assess(Apn6Policy policy) {
        Apn6Network network = network();
        ListMultimap<DeviceId, FlowRule> rules = compile(policy, network);
        Apn6Validation validation = checker.check(policy, store.all(), network, rules.size());
        List<TableFullException> full = lifecycle.shortfalls(policy.id(), rules.values())
                .stream().map(s -> s.refusal(WHAT)).collect(Collectors.toList());
        return new Assessment(validation, full);
    }

    private ListMultimap<DeviceId, FlowRule> compile(Apn6Policy policy, Apn6Network network) {
        return compiler.compile(policy, network.edges(), network.devices());
    }

    private Apn6Network network() {
        return Apn6Network.read(deviceService, configService, edgePortService,
                                new HostPorts(edgePortService, linkService));
    }

    /** A policy's validation and the tables it would overflow. */
    private static final class Assessment {
        final Apn6Validation validation;
        final List<TableFullException> full;

        Assessment(Apn6Validation validation, List<TableFullException> full) {
            this.validation = validation;
            this.full = full;
        }

        /** The validation with each table that lacks room as a conflict. */
        Apn6Validation withRoom() {
            if (full.isEmpty()) {
                return validation;
            }
            List<String> conflicts = new ArrayList<>(validation.conflicts());
            full.forEach(e -> conflicts.add(e.getMessage()));
            return new Apn6Validation(validation.problems(), conflicts, validation.warnings(), validation.entries());
        }
    }

    /**
     * What the lifecycle needs to know of APN6 policies: they compile on the network as it is
     * (read once per owner task), and their SLA and strip entries may be other policies' too.
     */
    private final class Policies implements OwnedFeature<Apn6Policy> {
        @Override
        public String id(Apn6Policy policy) {
            return policy.id();
        }

        @Override
        public Apn6PolicyStore store() {
            return store;
        }

        @Override
        public Function<Apn6Policy, Collection<FlowRule>> compiler() {
            Apn6Network network = network();
            return policy -> compile(policy, network).values();
        }

        /**
         * The entries other stored policies compile to that entries of these versions may
         * coincide with: only SLA and strip entries can, and only between policies with the same
         * priority, SLA level and APP ID (their key is exactly those, and the egress port).
         */
        @Override
        public Set<FlowId> sharedWithOthers(String id, List<Apn6Policy> versions,
                                            Function<Apn6Policy, Collection<FlowRule>> compile) {
            Set<List<Long>> shared = versions.stream().map(Apn6PolicyManager::sharedKey).collect(Collectors.toSet());
            Set<FlowId> wanted = new HashSet<>();
            for (Apn6Policy other : store.all()) {
                if (!other.id().equals(id) && shared.contains(sharedKey(other))) {
                    compile.apply(other).forEach(r -> wanted.add(r.id()));
                }
            }
            return wanted;
        }
    }

    /** What makes two policies' SLA and strip entries the same flow rules. */
    private static List<Long> sharedKey(Apn6Policy policy) {
        return List.of((long) policy.priority(), policy.option().slaLevel(), policy.option().appId());
    }

    /** Hears the store: every instance tells its listeners; the owner acts. */
    private class InternalStoreDelegate implements Apn6PolicyStoreDelegate {
        @Override
        public void notify(Apn6PolicyEvent event) {
            post(event);
            switch (event.type()) {
                case POLICY_ADDED:
                    lifecycle.added(event.subject());
                    break;
                case POLICY_UPDATED:
                    lifecycle.replaced(event.subject(), event.previous());
                    break;
                case POLICY_REMOVED:
                    lifecycle.removed(event.subject());
                    break;
                default:
                    break;      // status changes: the owner wrote them
            }
        }
    }

    /** Sixflow devices come and go; a device that comes back gets its entries again. */
    private class InternalDeviceListener implements DeviceListener {
        @Override
        public void event(DeviceEvent event) {
            switch (event.type()) {
                case DEVICE_ADDED:
                case DEVICE_REMOVED:
                    lifecycle.reinstallSoon();
                    break;
                case DEVICE_AVAILABILITY_CHANGED:
                    DeviceId device = event.subject().id();
                    if (deviceService.isAvailable(device)) {
                        lifecycle.deviceAvailable(device);
                    }
                    break;
                default:
                    break;
            }
        }
    }

    /**
     * A Sixflow device's netcfg changed, or the config class registered after this manager
     * started (configs pushed before are applied then): the network policies compile to changed.
     */
    private class InternalConfigListener implements NetworkConfigListener {
        @Override
        public boolean isRelevant(NetworkConfigEvent event) {
            return SixflowDeviceConfig.class.equals(event.configClass());
        }

        @Override
        public void event(NetworkConfigEvent event) {
            switch (event.type()) {
                case CONFIG_ADDED:
                case CONFIG_UPDATED:
                case CONFIG_REMOVED:
                case CONFIG_REGISTERED:
                case CONFIG_UNREGISTERED:
                    lifecycle.reinstallSoon();
                    break;
                default:
                    break;
            }
        }
    }
}
