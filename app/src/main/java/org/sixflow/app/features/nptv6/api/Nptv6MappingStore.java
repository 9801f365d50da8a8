// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.api;

import org.sixflow.app.api.OwnedStore;

/**
 * The cluster's NPTv6 mappings with their status. Every instance sees every mapping; the store
 * delegate of every instance hears every change (on a thread of the store's) as
 * {@link Nptv6MappingEvent}s.
 */
public interface Nptv6MappingStore
        extends OwnedStore<NamedNptv6Mapping, Nptv6MappingEvent, Nptv6MappingStoreDelegate> {

    /**
     * Stores a new mapping, REQUESTED.
     *
     * @param mapping the mapping
     * @return whether it was stored; false, storing nothing, if a mapping has its id
     */
    boolean add(NamedNptv6Mapping mapping);
}
