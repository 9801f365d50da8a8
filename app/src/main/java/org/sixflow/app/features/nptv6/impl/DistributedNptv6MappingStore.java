// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.Maps;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.AbstractStore;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingEvent;
import org.sixflow.app.features.nptv6.api.Nptv6MappingStore;
import org.sixflow.app.features.nptv6.api.Nptv6MappingStoreDelegate;
import org.sixflow.app.impl.MapSnapshot;
import org.sixflow.app.impl.Stored;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * NPTv6 mappings in a ConsistentMap shared by the cluster, each with its status in one value
 * ({@link Stored}). Map events reach the delegate on this store's own thread, as the other
 * stores do (see DistributedApn6PolicyStore for why).
 */
@Component(immediate = true, service = Nptv6MappingStore.class)
public class DistributedNptv6MappingStore extends AbstractStore<Nptv6MappingEvent, Nptv6MappingStoreDelegate>
        implements Nptv6MappingStore {

    /** Name of the map of mappings. */
    static final String MAP_NAME = "sixflow-nptv6-mappings";

    /** Every type the map holds, as Kryo must know them on every instance. */
    static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .nextId(KryoNamespaces.BEGIN_USER_CUSTOM_ID)
            .register(Stored.class, NamedNptv6Mapping.class, Nptv6Mapping.class, InstallStatus.class,
                      InstallStatus.State.class, InstallStatus.Failure.class)
            .build("sixflow-nptv6-mappings"));

    private final Logger log = getLogger(getClass());
    private final MapEventListener<String, Stored<NamedNptv6Mapping>> mapListener = new InternalMapListener();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<String, Stored<NamedNptv6Mapping>> mappings;
    private MapSnapshot<String, Stored<NamedNptv6Mapping>> listed;
    private ExecutorService eventExecutor;

    @Activate
    protected void activate() {
        mappings = storageService.<String, Stored<NamedNptv6Mapping>>consistentMapBuilder().withName(MAP_NAME)
                .withSerializer(SERIALIZER).build();
        eventExecutor = Executors.newSingleThreadExecutor(groupedThreads("sixflow/nptv6", "store-events", log));
        mappings.addListener(mapListener, eventExecutor);
        listed = new MapSnapshot<>(mappings);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        mappings.removeListener(mapListener);
        listed.close();
        eventExecutor.shutdown();
        log.info("Stopped");
    }

    @Override
    public boolean add(NamedNptv6Mapping mapping) {
        boolean added = mappings.putIfAbsent(mapping.id(), new Stored<>(mapping, InstallStatus.REQUESTED)) == null;
        listed.changed();
        return added;
    }

    @Override
    public Optional<NamedNptv6Mapping> remove(String id) {
        Optional<NamedNptv6Mapping> removed = Optional.ofNullable(mappings.remove(id)).map(v -> v.value().value());
        listed.changed();
        return removed;
    }

    @Override
    public Optional<NamedNptv6Mapping> mapping(String id) {
        return Optional.ofNullable(mappings.get(id)).map(v -> v.value().value());
    }

    @Override
    public Collection<NamedNptv6Mapping> mappings() {
        return mappings.values().stream().map(v -> v.value().value()).collect(ImmutableList.toImmutableList());
    }

    @Override
    public Optional<InstallStatus> status(String id) {
        return Optional.ofNullable(mappings.get(id)).map(Versioned::value).map(Stored::status);
    }

    @Override
    public boolean setStatus(NamedNptv6Mapping mapping, InstallStatus status) {
        boolean set = Stored.setStatus(mappings, mapping.id(), mapping, status);
        listed.changed();
        return set;
    }

    @Override
    public Map<String, Map.Entry<NamedNptv6Mapping, InstallStatus>> listedMappings() {
        return Maps.transformValues(listed.get(), stored -> Maps.immutableEntry(stored.value(), stored.status()));
    }

    /** Turns map changes into mapping events for the delegate. */
    private class InternalMapListener implements MapEventListener<String, Stored<NamedNptv6Mapping>> {
        @Override
        public void event(MapEvent<String, Stored<NamedNptv6Mapping>> event) {
            Stored<NamedNptv6Mapping> now = event.newValue() == null ? null : event.newValue().value();
            Stored<NamedNptv6Mapping> before = event.oldValue() == null ? null : event.oldValue().value();
            switch (event.type()) {
                case INSERT:
                    notifyDelegate(new Nptv6MappingEvent(Nptv6MappingEvent.Type.MAPPING_ADDED, now.value(),
                                                         now.status()));
                    break;
                case UPDATE:
                    if (!now.status().equals(before.status())) {
                        notifyDelegate(new Nptv6MappingEvent(statusEvent(now.status()), now.value(), now.status()));
                    }
                    break;
                case REMOVE:
                    notifyDelegate(new Nptv6MappingEvent(Nptv6MappingEvent.Type.MAPPING_REMOVED, before.value(),
                                                         before.status()));
                    break;
                default:
                    log.debug("Ignoring {}", event);
            }
        }

        private Nptv6MappingEvent.Type statusEvent(InstallStatus status) {
            switch (status.state()) {
                case INSTALLED:
                    return Nptv6MappingEvent.Type.MAPPING_INSTALLED;
                case FAILED:
                    return Nptv6MappingEvent.Type.MAPPING_FAILED;
                default:
                    return Nptv6MappingEvent.Type.MAPPING_REQUESTED;
            }
        }
    }
}
