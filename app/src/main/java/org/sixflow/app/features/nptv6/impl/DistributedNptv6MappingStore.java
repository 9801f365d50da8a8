// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import org.onosproject.store.service.Serializer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingEvent;
import org.sixflow.app.features.nptv6.api.Nptv6MappingStore;
import org.sixflow.app.features.nptv6.api.Nptv6MappingStoreDelegate;
import org.sixflow.app.lifecycle.DistributedOwnedStore;
import org.sixflow.app.lifecycle.OwnedMap;

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

    @Activate
    protected void activate() {
        // A mapping is never replaced (no UPDATED): it is removed and added again.
        open(MAP_NAME, SERIALIZER, NamedNptv6Mapping::id, "sixflow/nptv6",
             (change, mapping, status, previous) -> new Nptv6MappingEvent(
                     change.kindOf(Nptv6MappingEvent.Type.class), mapping, status, previous.orElse(null)));
    }

    @Deactivate
    protected void deactivate() {
        close();
    }

    @Override
    public boolean add(NamedNptv6Mapping mapping) {
        return objects.add(mapping);
    }
}
