// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.apn6.impl;

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
import org.onosproject.net.edge.EdgePortEvent;
import org.onosproject.net.edge.EdgePortListener;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.intent.WorkPartitionEvent;
import org.onosproject.net.intent.WorkPartitionEventListener;
import org.onosproject.net.intent.WorkPartitionService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.Apn6Policy;
import org.sixflow.app.api.Apn6PolicyAdminService;
import org.sixflow.app.api.Apn6PolicyEvent;
import org.sixflow.app.api.Apn6PolicyListener;
import org.sixflow.app.api.Apn6PolicyService;
import org.sixflow.app.api.Apn6PolicyStore;
import org.sixflow.app.api.Apn6PolicyStoreDelegate;
import org.sixflow.app.api.Apn6Validation;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.TableFullException;
import org.sixflow.app.apn6.Apn6PolicyCompiler;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.impl.OwnerWork;
import org.sixflow.app.impl.Owners;
import org.sixflow.app.impl.ProfileFeatures;
import org.sixflow.app.net.HostPorts;
import org.sixflow.app.resources.TableBudget;
import org.sixflow.pipeconf.Feature;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * APN6 policies across the cluster. Any instance accepts a change: it checks it against the
 * network and the policies in the store, and writes the store. Each policy has one owner
 * instance (its work partition's): hearing the store's event, the owner installs, replaces or
 * removes the policy's entries and records the outcome as the policy's status. The owner also
 * recompiles its policies when edge ports, Sixflow devices or their netcfg change, and
 * reinstalls them when it starts or takes over a partition. An instance that stops leaves the
 * entries and the store as they are: the policies belong to the cluster.
 *
 * <p>Table room: a change is refused (TableFullException, 409) when its new entries would not
 * fit a P4 table of a device, counting what the devices hold and what stored policies not yet
 * installed compile to. The owner checks again before it installs (PolicyInstaller), so that of
 * two policies accepted at once for the last room one fails with the reason.
 */
@Component(immediate = true, service = {Apn6PolicyService.class, Apn6PolicyAdminService.class})
public class Apn6PolicyManager extends AbstractListenerManager<Apn6PolicyEvent, Apn6PolicyListener>
        implements Apn6PolicyAdminService {

    /** Maps a policy id onto a work partition, the same way on every instance. */
    static final Function<String, Long> HASHER = Owners.HASHER;

    private final Logger log = getLogger(getClass());
    private final Apn6PolicyStoreDelegate delegate = new InternalStoreDelegate();
    private final DeviceListener deviceListener = new InternalDeviceListener();
    private final EdgePortListener edgeListener = event -> recompileSoon();
    private final NetworkConfigListener configListener = new InternalConfigListener();
    private final WorkPartitionEventListener partitionListener = new InternalPartitionListener();
    /** Serialises check-and-write of changes made through this instance. */
    private final Object changes = new Object();
    private final PolicyChecker checker = new PolicyChecker();
    private final AtomicBoolean recompileQueued = new AtomicBoolean();

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

    private final OwnerWork owner = new OwnerWork("APN6 policy", "sixflow/apn6", log);
    private Apn6PolicyCompiler compiler;
    private TableBudget budget;
    private PolicyInstaller installer;

    @Activate
    protected void activate() {
        compiler = new Apn6PolicyCompiler(coreService.registerApplication(SixflowConfigRegistrar.APP_NAME));
        budget = new TableBudget(pipeconfService, flowRuleService);
        installer = new PolicyInstaller(flowRuleService, store, compiler, owner::submit, budget,
                                        (id, network) -> pendingClaims(id, network, other -> !isMine(other)));
        owner.start(work);
        eventDispatcher.addSink(Apn6PolicyEvent.class, listenerRegistry);
        store.setDelegate(delegate);
        workPartitionService.addListener(partitionListener);
        configService.addListener(configListener);
        edgePortService.addListener(edgeListener);
        deviceService.addListener(deviceListener);
        owner.submit(this::takeOwnership);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        owner.stop();
        deviceService.removeListener(deviceListener);
        edgePortService.removeListener(edgeListener);
        configService.removeListener(configListener);
        workPartitionService.removeListener(partitionListener);
        store.unsetDelegate(delegate);
        eventDispatcher.removeSink(Apn6PolicyEvent.class);
        // Nothing is removed: the entries and the stored policies are the cluster's, and the
        // owner that takes over (or this instance, when it starts again) reinstalls them.
        log.info("Stopped");
    }

    @Override
    public List<Apn6Policy> policies() {
        return store.listedPolicies().values().stream().map(Map.Entry::getKey)
                .sorted(Comparator.comparing(Apn6Policy::priority).reversed().thenComparing(Apn6Policy::id))
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public Map<String, InstallStatus> statuses() {
        return Maps.transformValues(store.listedPolicies(), Map.Entry::getValue);
    }

    @Override
    public Optional<Apn6Policy> policy(String id) {
        return store.policy(id);
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
            if (store.policy(policy.id()).isPresent()) {
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
            if (store.policy(policy.id()).isEmpty()) {
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
        store.policy(id).ifPresent(policy -> compile(policy, network()).forEach(
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
        Apn6Validation validation = checker.check(policy, store.policies(), network, rules.size());
        List<TableFullException> full = budget.shortfalls(rules.values(),
                                                          pendingClaims(policy.id(), network, id -> true))
                .stream().map(s -> s.refusal("this policy")).collect(Collectors.toList());
        return new Assessment(validation, full);
    }

    /**
     * The entries of stored policies whose owner has not installed them yet (REQUESTED): they
     * take room before the devices show them. Installed policies' entries are the devices'.
     *
     * @param id      the policy being checked, left out (its entries are what is checked)
     * @param network the network to compile on
     * @param whose   which pending policies count, by id
     * @return their entries
     */
    private List<FlowRule> pendingClaims(String id, Apn6Network network, Predicate<String> whose) {
        List<FlowRule> claimed = new ArrayList<>();
        for (Apn6Policy other : store.policies()) {
            if (!other.id().equals(id) && whose.test(other.id())
                    && store.status(other.id()).map(s -> s.state() == InstallStatus.State.REQUESTED).orElse(false)) {
                claimed.addAll(compile(other, network).values());
            }
        }
        return claimed;
    }

    private ListMultimap<DeviceId, FlowRule> compile(Apn6Policy policy, Apn6Network network) {
        return compiler.compile(policy, network.edges(), network.devices());
    }

    private Apn6Network network() {
        return Apn6Network.read(deviceService, configService, edgePortService,
                                new HostPorts(edgePortService, linkService));
    }

    private boolean isMine(String id) {
        return workPartitionService.isMine(id, HASHER);
    }

    /** Installs the stored policies this instance owns and forgets those it no longer owns. */
    private void takeOwnership() {
        Apn6Network network = network();
        Set<String> had = installer.owned();
        for (Apn6Policy policy : store.policies()) {
            if (!isMine(policy.id())) {
                installer.forget(policy.id());
            } else if (!had.contains(policy.id())) {
                installer.install(policy, network, Optional.empty());
            }
        }
    }

    /** Brings every policy this instance owns to the network as it is now. */
    private void recompile() {
        recompileQueued.set(false);
        Apn6Network network = network();
        for (Apn6Policy policy : store.policies()) {
            if (isMine(policy.id())) {
                installer.install(policy, network, Optional.empty());
            } else {
                installer.forget(policy.id());
            }
        }
    }

    /** Queues one recompilation for any number of network changes that come before it runs. */
    private void recompileSoon() {
        if (recompileQueued.compareAndSet(false, true)) {
            owner.submit(this::recompile);
        }
    }

    private void handle(Apn6PolicyEvent event) {
        Apn6Policy policy = event.subject();
        switch (event.type()) {
            case POLICY_ADDED:
            case POLICY_UPDATED:
                if (isMine(policy.id())) {
                    installer.install(policy, network(), event.previous());
                } else {
                    installer.forget(policy.id());
                }
                break;
            case POLICY_REMOVED:
                if (isMine(policy.id())) {
                    installer.uninstall(policy, network());
                } else {
                    installer.forget(policy.id());
                }
                break;
            default:
                break;      // status changes: the owner wrote them
        }
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

    /** Hears the store: every instance tells its listeners; the owner acts. */
    private class InternalStoreDelegate implements Apn6PolicyStoreDelegate {
        @Override
        public void notify(Apn6PolicyEvent event) {
            post(event);
            owner.submit(() -> handle(event));
        }
    }

    /** Sixflow devices come and go; a device that comes back gets its entries again. */
    private class InternalDeviceListener implements DeviceListener {
        @Override
        public void event(DeviceEvent event) {
            switch (event.type()) {
                case DEVICE_ADDED:
                case DEVICE_REMOVED:
                    recompileSoon();
                    break;
                case DEVICE_AVAILABILITY_CHANGED:
                    DeviceId device = event.subject().id();
                    if (deviceService.isAvailable(device)) {
                        owner.submit(() -> installer.reapply(device));
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
                    recompileSoon();
                    break;
                default:
                    break;
            }
        }
    }

    /** Partitions moved between instances: take up the policies that became ours. */
    private class InternalPartitionListener implements WorkPartitionEventListener {
        @Override
        public void event(WorkPartitionEvent event) {
            owner.submit(Apn6PolicyManager.this::takeOwnership);
        }
    }
}
