// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.api;

import org.onosproject.event.ListenerService;
import org.sixflow.app.api.InstallStatus;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * NPTv6 mappings of site border routers (RFC 6296). Any instance accepts a change: it checks
 * it against the network and the stored mappings and stores it; the mapping's owner instance
 * installs its entries on the uplink's device.
 */
public interface Nptv6MappingService extends ListenerService<Nptv6MappingEvent, Nptv6MappingListener> {

    /**
     * Returns the cluster's mappings, by id, as of the last change this instance heard of.
     *
     * @return mappings, sorted by id
     */
    List<NamedNptv6Mapping> mappings();

    /**
     * Returns every mapping's status as {@link #mappings} sees them, for lists.
     *
     * @return statuses by id
     */
    Map<String, InstallStatus> statuses();

    /**
     * Returns a mapping.
     *
     * @param id mapping id
     * @return the mapping, if stored
     */
    Optional<NamedNptv6Mapping> mapping(String id);

    /**
     * Returns where a mapping is in its lifecycle.
     *
     * @param id mapping id
     * @return its status (with the device and reason if it failed), if stored
     */
    Optional<InstallStatus> status(String id);

    /**
     * Returns the entries a mapping compiles to, described ("table {match} -> action").
     *
     * @param id mapping id
     * @return its entries on its uplink's device; empty if unknown
     */
    List<String> entries(String id);

    /**
     * Validates and stores a new mapping (REQUESTED until its owner installed it).
     *
     * @param mapping the mapping
     * @return the stored mapping
     * @throws org.sixflow.app.api.IdInUseException         if a mapping has its id (REST: 409)
     * @throws IllegalArgumentException                     naming the field at fault (REST: 400)
     * @throws org.sixflow.app.api.TableFullException       if its entries would not fit a table of
     *                                                      its device (REST: 409)
     */
    NamedNptv6Mapping add(NamedNptv6Mapping mapping);

    /**
     * Removes a mapping; its owner removes its entries.
     *
     * @param id mapping id
     * @return false if there was none
     */
    boolean remove(String id);
}
