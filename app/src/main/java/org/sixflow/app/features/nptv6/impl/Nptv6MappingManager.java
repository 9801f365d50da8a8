// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.Maps;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.intent.WorkPartitionEventListener;
import org.onosproject.net.intent.WorkPartitionService;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.TableShortfall;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingEvent;
import org.sixflow.app.features.nptv6.api.Nptv6MappingListener;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;
import org.sixflow.app.features.nptv6.api.Nptv6MappingStore;
import org.sixflow.app.features.nptv6.api.Nptv6MappingStoreDelegate;
import org.sixflow.app.impl.EntryText;
import org.sixflow.app.impl.OwnerWork;
import org.sixflow.app.impl.Owners;
import org.sixflow.app.impl.ProfileFeatures;
import org.sixflow.app.resources.TableBudget;
import org.sixflow.pipeconf.Feature;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * NPTv6 mappings across the cluster, as the GTP-U tunnels are: any instance accepts a change,
 * checking it against the network ({@link #uplinkProblems}: the uplink exists and its device
 * runs a Sixflow profile with NPTv6), the stored mappings ({@link Nptv6MappingValidator}) and
 * the room in the device's tables ({@link TableBudget}), and writes the store. Each mapping has
 * one owner instance, its work partition's ({@link Owners}): hearing the store's event, the
 * owner installs or removes the mapping's entries ({@link Nptv6Installer}) and records the
 * outcome as its status. It installs its mappings when it starts or takes over a partition,
 * and when a device comes back writes them again (or, if it was never able to, now). An
 * instance that stops leaves the entries and the store as they are.
 */
@Component(immediate = true, service = Nptv6MappingService.class)
public class Nptv6MappingManager extends AbstractListenerManager<Nptv6MappingEvent, Nptv6MappingListener>
        implements Nptv6MappingService {

    private final Logger log = getLogger(getClass());
    private final Nptv6MappingStoreDelegate delegate = new InternalStoreDelegate();
    private final DeviceListener deviceListener = new InternalDeviceListener();
    private final WorkPartitionEventListener partitionListener = event -> this.owner.submit(this::takeOwnership);
    /** Serialises check-and-write of changes made through this instance. */
    private final Object changes = new Object();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Nptv6MappingStore store;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FlowRuleService flowRuleService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected WorkPartitionService workPartitionService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    /** Where the owner's work runs, one task at a time (tests set one that runs tasks at once). */
    protected Executor work;

    private final OwnerWork owner = new OwnerWork("NPTv6 mapping", "sixflow/nptv6", log);
    private Nptv6EntryCompiler compiler;
    private TableBudget budget;
    private Nptv6Installer installer;

    @Activate
    protected void activate() {
        compiler = new Nptv6EntryCompiler(coreService.registerApplication(SixflowConfigRegistrar.APP_NAME));
        budget = new TableBudget(pipeconfService, flowRuleService);
        installer = new Nptv6Installer(flowRuleService, store, compiler, owner::submit, budget, this::unfit,
                                       id -> pendingClaims(id, other -> !isMine(other)));
        owner.start(work);
        eventDispatcher.addSink(Nptv6MappingEvent.class, listenerRegistry);
        store.setDelegate(delegate);
        workPartitionService.addListener(partitionListener);
        deviceService.addListener(deviceListener);
        owner.submit(this::takeOwnership);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        owner.stop();
        deviceService.removeListener(deviceListener);
        workPartitionService.removeListener(partitionListener);
        store.unsetDelegate(delegate);
        eventDispatcher.removeSink(Nptv6MappingEvent.class);
        // Nothing is removed: the entries and the stored mappings are the cluster's.
        log.info("Stopped");
    }

    @Override
    public List<NamedNptv6Mapping> mappings() {
        return store.listedMappings().values().stream().map(Map.Entry::getKey)
                .sorted(Comparator.comparing(NamedNptv6Mapping::id)).collect(ImmutableList.toImmutableList());
    }

    @Override
    public Map<String, InstallStatus> statuses() {
        return Maps.transformValues(store.listedMappings(), Map.Entry::getValue);
    }

    @Override
    public Optional<NamedNptv6Mapping> mapping(String id) {
        return store.mapping(id);
    }

    @Override
    public Optional<InstallStatus> status(String id) {
        return store.status(id);
    }

    @Override
    public List<String> entries(String id) {
        return store.mapping(id).map(m -> compiler.compile(m.mapping()).stream().map(EntryText::describe)
                .collect(Collectors.toList())).orElse(List.of());
    }

    @Override
    public NamedNptv6Mapping add(NamedNptv6Mapping mapping) {
        synchronized (changes) {
            if (store.mapping(mapping.id()).isPresent()) {
                throw new IdInUseException("NPTv6 mapping id " + mapping.id() + " is in use");
            }
            List<String> problems = new ArrayList<>(uplinkProblems(mapping.uplink()));
            problems.addAll(Nptv6MappingValidator.problems(mapping, store.mappings()));
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("mapping " + mapping.id() + ": " + String.join("; ", problems));
            }
            List<TableShortfall> full = budget.shortfalls(compiler.compile(mapping.mapping()),
                                                          pendingClaims(mapping.id(), id -> true));
            if (!full.isEmpty()) {
                throw full.get(0).refusal(Nptv6Installer.WHAT);
            }
            if (!store.add(mapping)) {
                throw new IdInUseException("NPTv6 mapping id " + mapping.id() + " is in use");
            }
            return mapping;
        }
    }

    @Override
    public boolean remove(String id) {
        synchronized (changes) {
            return store.remove(id).isPresent();
        }
    }

    /**
     * What is wrong with an uplink: its device unknown, the port missing, no Sixflow pipeconf, a
     * profile without NPTv6 (which has none of its tables), a port number the data plane's
     * egress port cannot hold.
     */
    private List<String> uplinkProblems(ConnectPoint uplink) {
        DeviceId device = uplink.deviceId();
        if (deviceService.getDevice(device) == null) {
            return List.of("uplink: " + device + " is not a device ONOS knows");
        }
        List<String> problems = new ArrayList<>();
        if (deviceService.getPort(uplink) == null) {
            problems.add("uplink: " + device + " has no port " + uplink.port());
        }
        unfit(device).ifPresent(why -> problems.add("uplink: " + why));
        long port = uplink.port().toLong();
        if (port < 0 || port >= 1L << Nptv6Pipeline.EG_PORT_BITWIDTH) {
            problems.add("uplink: port number " + port + " does not fit the data plane's "
                                 + Nptv6Pipeline.EG_PORT_BITWIDTH + "-bit egress port");
        }
        return problems;
    }

    /** Why a device cannot take NPTv6 entries: no Sixflow pipeconf, or a profile without NPTv6. */
    private Optional<String> unfit(DeviceId device) {
        Optional<PiPipeconfId> pipeconf = pipeconfService.ofDevice(device);
        if (pipeconf.isEmpty() || !SixflowPipeconfs.isSixflow(pipeconf.get())) {
            return Optional.of(device + " runs no Sixflow pipeconf" + pipeconf.map(p -> " (" + p + ")").orElse(""));
        }
        return ProfileFeatures.refusal(device, pipeconf, Feature.NPTV6);
    }

    /**
     * The entries of stored mappings not installed yet (REQUESTED): they take room before the
     * devices show them. Installed ones are the devices'; FAILED ones claim nothing.
     */
    private List<FlowRule> pendingClaims(String id, Predicate<String> whose) {
        List<FlowRule> claimed = new ArrayList<>();
        for (NamedNptv6Mapping other : store.mappings()) {
            if (!other.id().equals(id) && whose.test(other.id())
                    && store.status(other.id()).map(s -> s.state() == InstallStatus.State.REQUESTED).orElse(false)) {
                claimed.addAll(compiler.compile(other.mapping()));
            }
        }
        return claimed;
    }

    private boolean isMine(String id) {
        return Owners.isMine(workPartitionService, id);
    }

    /** Installs the stored mappings this instance owns and forgets those it no longer owns. */
    private void takeOwnership() {
        Set<String> had = installer.owned();
        for (NamedNptv6Mapping mapping : store.mappings()) {
            if (!isMine(mapping.id())) {
                installer.forget(mapping.id());
            } else if (!had.contains(mapping.id())) {
                installer.install(mapping);
            }
        }
    }

    /**
     * A device came back: the entries of the mappings installed on it are written again (it may
     * have lost them), and those never installed (no NPTv6 profile then) are tried again. If it
     * came back with a profile without NPTv6, its mappings are FAILED, naming the profile, and
     * nothing is written.
     */
    private void deviceBack(DeviceId device) {
        boolean fit = unfit(device).isEmpty();
        if (fit) {
            installer.reapply(device);
        }
        Set<String> had = installer.owned();
        for (NamedNptv6Mapping mapping : store.mappings()) {
            if (mapping.uplink().deviceId().equals(device) && isMine(mapping.id())
                    && (!fit || !had.contains(mapping.id()))) {
                installer.install(mapping);
            }
        }
    }

    private void handle(Nptv6MappingEvent event) {
        NamedNptv6Mapping mapping = event.subject();
        if (!isMine(mapping.id())) {
            installer.forget(mapping.id());
        } else if (event.type() == Nptv6MappingEvent.Type.MAPPING_ADDED) {
            installer.install(mapping);
        } else if (event.type() == Nptv6MappingEvent.Type.MAPPING_REMOVED) {
            installer.uninstall(mapping);
        }
        // status changes: the owner wrote them
    }

    /** Hears the store: every instance tells its listeners; the owner acts. */
    private class InternalStoreDelegate implements Nptv6MappingStoreDelegate {
        @Override
        public void notify(Nptv6MappingEvent event) {
            post(event);
            owner.submit(() -> handle(event));
        }
    }

    /** A device that comes back gets its mappings' entries again. */
    private class InternalDeviceListener implements DeviceListener {
        @Override
        public void event(DeviceEvent event) {
            DeviceId device = event.subject().id();
            if ((event.type() == DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED
                    || event.type() == DeviceEvent.Type.DEVICE_ADDED) && deviceService.isAvailable(device)) {
                owner.submit(() -> deviceBack(device));
            }
        }
    }
}
