// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingEvent;
import org.sixflow.app.features.nptv6.api.Nptv6MappingStore;
import org.sixflow.app.features.nptv6.api.Nptv6MappingStoreDelegate;
import org.sixflow.app.lifecycle.DistributedOwnedStore;
import org.sixflow.app.lifecycle.OwnedMap;
import org.slf4j.Logger;

import java.util.Map;

import static org.slf4j.LoggerFactory.getLogger;

/** NPTv6 mappings in the cluster's map of the lifecycle ({@link OwnedMap}), told as mapping events. */
@Component(immediate = true, service = Nptv6MappingStore.class)
public class DistributedNptv6MappingStore
        extends DistributedOwnedStore<NamedNptv6Mapping, Nptv6MappingEvent, Nptv6MappingStoreDelegate>
        implements Nptv6MappingStore {

    /** Name of the map of mappings. */
    static final String MAP_NAME = "sixflow-nptv6-mappings";

    /** Every type the map holds, as Kryo must know them on every instance. */
    static final Serializer SERIALIZER = OwnedMap.serializer("sixflow-nptv6-mappings", NamedNptv6Mapping.class,
                                                             Nptv6Mapping.class);

    private static final Map<OwnedMap.Change, Nptv6MappingEvent.Type> EVENTS = Map.of(
            OwnedMap.Change.ADDED, Nptv6MappingEvent.Type.MAPPING_ADDED,
            OwnedMap.Change.REMOVED, Nptv6MappingEvent.Type.MAPPING_REMOVED,
            OwnedMap.Change.INSTALLED, Nptv6MappingEvent.Type.MAPPING_INSTALLED,
            OwnedMap.Change.FAILED, Nptv6MappingEvent.Type.MAPPING_FAILED,
            OwnedMap.Change.REQUESTED, Nptv6MappingEvent.Type.MAPPING_REQUESTED);

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    @Activate
    protected void activate() {
        // A mapping is never replaced (no UPDATED): it is removed and added again.
        open(storageService, MAP_NAME, SERIALIZER, NamedNptv6Mapping::id, "sixflow/nptv6",
             (change, mapping, status, previous) -> new Nptv6MappingEvent(EVENTS.get(change), mapping, status));
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        close();
        log.info("Stopped");
    }

    @Override
    public boolean add(NamedNptv6Mapping mapping) {
        return objects.add(mapping);
    }
}
