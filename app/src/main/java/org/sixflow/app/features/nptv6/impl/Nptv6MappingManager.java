// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
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
import org.sixflow.app.lifecycle.OwnedObjectManager;
import org.sixflow.pipeconf.Feature;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * NPTv6 mappings across the cluster, in the owned-object lifecycle every feature shares
 * ({@link OwnedLifecycle}): any instance accepts a change, checking it against the network
 * ({@link #uplinkProblems}: the uplink exists and its device runs a Sixflow profile with NPTv6),
 * the stored mappings ({@link Nptv6MappingValidator}) and the room in the device's tables, and
 * writes the store; the mapping's owner installs or removes its four entries
 * ({@link Nptv6EntryCompiler}) and records the outcome as its status.
 */
@Component(immediate = true, service = Nptv6MappingService.class)
public class Nptv6MappingManager
        extends OwnedObjectManager<NamedNptv6Mapping, Nptv6MappingEvent, Nptv6MappingListener,
                                   Nptv6MappingStoreDelegate>
        implements Nptv6MappingService {

    private final Nptv6MappingStoreDelegate delegate = this::storeEvent;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Nptv6MappingStore store;

    private Nptv6EntryCompiler compiler;

    /** A manager, as OSGi makes it. */
    public Nptv6MappingManager() {
        super(Nptv6MappingEvent.class);
    }

    @Activate
    protected void activate() {
        compiler = new Nptv6EntryCompiler(coreService.registerApplication(SixflowConfigRegistrar.APP_NAME));
        open("NPTv6 mapping", "this mapping", "sixflow/nptv6", new Mappings());
    }

    @Deactivate
    protected void deactivate() {
        close();
    }

    @Override
    protected Nptv6MappingStore store() {
        return store;
    }

    @Override
    protected Nptv6MappingStoreDelegate delegate() {
        return delegate;
    }

    @Override
    public List<NamedNptv6Mapping> mappings() {
        return listed(Comparator.comparing(NamedNptv6Mapping::id));
    }

    @Override
    public Optional<NamedNptv6Mapping> mapping(String id) {
        return store.get(id);
    }

    @Override
    public List<String> entries(String id) {
        return store.get(id).map(m -> compiler.compile(m.mapping()).stream().map(EntryText::describe)
                .collect(Collectors.toList())).orElse(List.of());
    }

    @Override
    public NamedNptv6Mapping add(NamedNptv6Mapping mapping) {
        return adding(mapping.id(), "NPTv6 mapping id " + mapping.id() + " is in use", () -> {
            List<String> problems = new ArrayList<>(uplinkProblems(mapping.uplink()));
            problems.addAll(Nptv6MappingValidator.problems(mapping, store.all()));
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("mapping " + mapping.id() + ": " + String.join("; ", problems));
            }
            lifecycle.requireRoom(mapping.id(), compiler.compile(mapping.mapping()));
            return store.add(mapping) ? Optional.of(mapping) : Optional.empty();
        });
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
}
