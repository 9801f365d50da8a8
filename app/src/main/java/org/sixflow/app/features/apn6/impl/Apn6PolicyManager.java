// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import com.google.common.collect.ListMultimap;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.edge.EdgePortListener;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.link.LinkService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
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
import org.sixflow.app.lifecycle.OwnedFeature;
import org.sixflow.app.lifecycle.OwnedLifecycle;
import org.sixflow.app.lifecycle.OwnedObjectManager;
import org.sixflow.app.net.HostPorts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

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
public class Apn6PolicyManager
        extends OwnedObjectManager<Apn6Policy, Apn6PolicyEvent, Apn6PolicyListener, Apn6PolicyStoreDelegate>
        implements Apn6PolicyAdminService {

    private final Apn6PolicyStoreDelegate delegate = this::storeEvent;
    private final EdgePortListener edgeListener = event -> this.lifecycle.reinstallSoon();
    private final NetworkConfigListener configListener = new InternalConfigListener();
    private final PolicyChecker checker = new PolicyChecker();

    /** What needs a policy's entries, in a table shortfall's words. */
    static final String WHAT = "this policy";

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Apn6PolicyStore store;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected EdgePortService edgePortService;

    /** Links: a refused ingress port that carries one is named as a link port. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected LinkService linkService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    private Apn6PolicyCompiler compiler;

    /** A manager, as OSGi makes it. */
    public Apn6PolicyManager() {
        super(Apn6PolicyEvent.class);
    }

    @Activate
    protected void activate() {
        compiler = new Apn6PolicyCompiler(coreService.registerApplication(SixflowConfigRegistrar.APP_NAME));
        open("APN6 policy", WHAT, "sixflow/apn6", new Policies());
    }

    @Deactivate
    protected void deactivate() {
        close();
    }

    @Override
    protected void listen() {
        configService.addListener(configListener);
        edgePortService.addListener(edgeListener);
    }

    @Override
    protected void unlisten() {
        edgePortService.removeListener(edgeListener);
        configService.removeListener(configListener);
    }

    @Override
    protected Apn6PolicyStore store() {
        return store;
    }

    @Override
    protected Apn6PolicyStoreDelegate delegate() {
        return delegate;
    }

    @Override
    public List<Apn6Policy> policies() {
        return listed(Comparator.comparing(Apn6Policy::priority).reversed().thenComparing(Apn6Policy::id));
    }

    @Override
    public Optional<Apn6Policy> policy(String id) {
        return store.get(id);
    }

    @Override
    public Apn6Validation validate(Apn6Policy policy) {
        return assess(policy).withRoom();
    }

    @Override
    public Apn6Validation create(Apn6Policy policy) {
        return adding(policy.id(), "policy id " + policy.id() + " is in use", () -> {
            Apn6Validation validation = checked(policy);
            return store.add(policy) ? Optional.of(validation) : Optional.empty();
        });
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
    public Map<DeviceId, List<String>> entries(String id) {
        Map<DeviceId, List<String>> described = new TreeMap<>(Comparator.comparing(DeviceId::toString));
        store.get(id).ifPresent(policy -> compile(policy, network()).forEach(
                (device, rule) -> described.computeIfAbsent(device, d -> new ArrayList<>()).add(
                        rule.table() + " " + rule.selector().criteria() + " -> "
                                + rule.treatment().allInstructions())));
        return described;
    }

    private Apn6Validation checked(Apn6Policy policy) {
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
        return Apn6Network.read(deviceService, configService, pipeconfService, edgePortService,
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

    /** Sixflow devices come and go (the network policies compile on); one that comes back gets its entries again. */
    @Override
    protected void deviceEvent(DeviceEvent event) {
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
