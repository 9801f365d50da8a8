// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.api;

import org.onosproject.store.Store;
import org.sixflow.app.api.InstallStatus;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * The cluster's NPTv6 mappings with their status. Every instance sees every mapping; the store
 * delegate of every instance hears every change (on a thread of the store's) as
 * {@link Nptv6MappingEvent}s.
 */
public interface Nptv6MappingStore extends Store<Nptv6MappingEvent, Nptv6MappingStoreDelegate> {

    /**
     * Stores a new mapping, REQUESTED.
     *
     * @param mapping the mapping
     * @return whether it was stored; false, storing nothing, if a mapping has its id
     */
    boolean add(NamedNptv6Mapping mapping);

    /**
     * Removes a mapping.
     *
     * @param id mapping id
     * @return the mapping as it was; empty if there was none
     */
    Optional<NamedNptv6Mapping> remove(String id);

    /**
     * Returns a mapping.
     *
     * @param id mapping id
     * @return the mapping, if stored
     */
    Optional<NamedNptv6Mapping> mapping(String id);

    /**
     * Returns every mapping, read from the map (for decisions).
     *
     * @return mappings, in no order
     */
    Collection<NamedNptv6Mapping> mappings();

    /**
     * Returns a mapping's status.
     *
     * @param id mapping id
     * @return its status, if the mapping is stored
     */
    Optional<InstallStatus> status(String id);

    /**
     * Returns every mapping with its status as of the last change this instance heard of, for
     * lists (decoded once per change rather than once per read).
     *
     * @return each id's mapping and status, in no order
     */
    Map<String, Map.Entry<NamedNptv6Mapping, InstallStatus>> listedMappings();

    /**
     * Records a mapping's status, if the stored version is still the one given.
     *
     * @param mapping the version the status is about
     * @param status  the status
     * @return whether it was recorded
     */
    boolean setStatus(NamedNptv6Mapping mapping, InstallStatus status);
}
