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
import org.onosproject.net.intent.WorkPartitionService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingEvent;
import org.sixflow.app.features.nptv6.api.Nptv6MappingListener;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;
import org.sixflow.app.features.nptv6.api.Nptv6MappingStore;
import org.sixflow.app.features.nptv6.api.Nptv6MappingStoreDelegate;
import org.sixflow.app.impl.EntryText;
import org.sixflow.app.impl.ProfileFeatures;
import org.sixflow.app.lifecycle.OwnedFeature;
import org.sixflow.app.lifecycle.OwnedLifecycle;
import org.sixflow.app.lifecycle.TableBudget;
import org.sixflow.pipeconf.Feature;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * NPTv6 mappings across the cluster, in the owned-object lifecycle every feature shares
 * ({@link OwnedLifecycle}): any instance accepts a change, checking it against the network
 * ({@link #uplinkProblems}: the uplink exists and its device runs a Sixflow profile with NPTv6),
 * the stored mappings ({@link Nptv6MappingValidator}) and the room in the device's tables, and
 * writes the store; the mapping's owner installs or removes its four entries
 * ({@link Nptv6EntryCompiler}) and records the outcome as its status.
 */
@Component(immediate = true, service = Nptv6MappingService.class)
public class Nptv6MappingManager extends AbstractListenerManager<Nptv6MappingEvent, Nptv6MappingListener>
        implements Nptv6MappingService {

    private final Logger log = getLogger(getClass());
    private final Nptv6MappingStoreDelegate delegate = new InternalStoreDelegate();
    private final DeviceListener deviceListener = new InternalDeviceListener();
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

    private Nptv6EntryCompiler compiler;
    private OwnedLifecycle<NamedNptv6Mapping> lifecycle;

    @Activate
    protected void activate() {
        compiler = new Nptv6EntryCompiler(coreService.registerApplication(SixflowConfigRegistrar.APP_NAME));
        lifecycle = new OwnedLifecycle<>("NPTv6 mapping", "this mapping", "sixflow/nptv6", log, new Mappings(),
                                         flowRuleService, new TableBudget(pipeconfService, flowRuleService),
                                         workPartitionService);
        eventDispatcher.addSink(Nptv6MappingEvent.class, listenerRegistry);
        store.setDelegate(delegate);
        deviceService.addListener(deviceListener);
        lifecycle.start(work);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        lifecycle.stop();
        deviceService.removeListener(deviceListener);
        store.unsetDelegate(delegate);
        eventDispatcher.removeSink(Nptv6MappingEvent.class);
        // Nothing is removed: the entries and the stored mappings are the cluster's.
        log.info("Stopped");
    }

    @Override
    public List<NamedNptv6Mapping> mappings() {
        return store.listed().values().stream().map(Map.Entry::getKey)
                .sorted(Comparator.comparing(NamedNptv6Mapping::id)).collect(ImmutableList.toImmutableList());
    }

    @Override
    public Map<String, InstallStatus> statuses() {
        return Maps.transformValues(store.listed(), Map.Entry::getValue);
    }

    @Override
    public Optional<NamedNptv6Mapping> mapping(String id) {
        return store.get(id);
    }

    @Override
    public Optional<InstallStatus> status(String id) {
        return store.status(id);
    }

    @Override
    public List<String> entries(String id) {
        return store.get(id).map(m -> compiler.compile(m.mapping()).stream().map(EntryText::describe)
                .collect(Collectors.toList())).orElse(List.of());
    }

    @Override
    public NamedNptv6Mapping add(NamedNptv6Mapping mapping) {
        synchronized (changes) {
            if (store.get(mapping.id()).isPresent()) {
                throw new IdInUseException("NPTv6 mapping id " + mapping.id() + " is in use");
            }
            List<String> problems = new ArrayList<>(uplinkProblems(mapping.uplink()));
            problems.addAll(Nptv6MappingValidator.problems(mapping, store.all()));
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("mapping " + mapping.id() + ": " + String.join("; ", problems));
            }
            lifecycle.requireRoom(mapping.id(), compiler.compile(mapping.mapping()));
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
        ProfileFeatures.unfit(pipeconfService, device, Feature.NPTV6).ifPresent(why -> problems.add("uplink: " + why));
        long port = uplink.port().toLong();
        if (port < 0 || port >= 1L << Nptv6Pipeline.EG_PORT_BITWIDTH) {
            problems.add("uplink: port number " + port + " does not fit the data plane's "
                                 + Nptv6Pipeline.EG_PORT_BITWIDTH + "-bit egress port");
        }
        return problems;
    }

    /** What the lifecycle needs to know of NPTv6 mappings: a mapping goes on its uplink's device. */
    private final class Mappings implements OwnedFeature<NamedNptv6Mapping> {
        @Override
        public String id(NamedNptv6Mapping mapping) {
            return mapping.id();
        }

        @Override
        public Nptv6MappingStore store() {
            return store;
        }

        @Override
        public Function<NamedNptv6Mapping, Collection<FlowRule>> compiler() {
            return mapping -> compiler.compile(mapping.mapping());
        }

        @Override
        public Set<DeviceId> placedOn(NamedNptv6Mapping mapping) {
            return Set.of(mapping.uplink().deviceId());
        }

        @Override
        public Optional<String> unfit(DeviceId device) {
            return ProfileFeatures.unfit(pipeconfService, device, Feature.NPTV6);
        }
    }

    /** Hears the store: every instance tells its listeners; the owner acts. */
    private class InternalStoreDelegate implements Nptv6MappingStoreDelegate {
        @Override
        public void notify(Nptv6MappingEvent event) {
            post(event);
            if (event.type() == Nptv6MappingEvent.Type.MAPPING_ADDED) {
                lifecycle.added(event.subject());
            } else if (event.type() == Nptv6MappingEvent.Type.MAPPING_REMOVED) {
                lifecycle.removed(event.subject());
            }
            // status changes: the owner wrote them
        }
    }

    /** A device that comes back gets its mappings' entries again. */
    private class InternalDeviceListener implements DeviceListener {
        @Override
        public void event(DeviceEvent event) {
            DeviceId device = event.subject().id();
            if ((event.type() == DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED
                    || event.type() == DeviceEvent.Type.DEVICE_ADDED) && deviceService.isAvailable(device)) {
                lifecycle.deviceAvailable(device);
            }
        }
    }
}
