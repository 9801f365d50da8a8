// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import org.onosproject.event.ListenerService;
import org.onosproject.net.PortNumber;
import org.sixflow.app.api.InstallStatus;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * ILNP sites of border routers (RFC 6748's site-controlled deployment). Any instance accepts a
 * change: it checks it against the network and the stored sites and NPTv6 mappings and stores
 * it; the site's owner instance installs its entries on the border router.
 */
public interface IlnpSiteService extends ListenerService<IlnpSiteEvent, IlnpSiteListener> {

    /**
     * Returns the cluster's sites, by name, as of the last change this instance heard of.
     *
     * @return sites, sorted by name
     */
    List<IlnpSite> sites();

    /**
     * Returns every site's status as {@link #sites} sees them.
     *
     * @return statuses by name
     */
    Map<String, InstallStatus> statuses();

    /**
     * Returns a site.
     *
     * @param name site name
     * @return the site, if stored
     */
    Optional<IlnpSite> site(String name);

    /**
     * Returns a site with the weights its uplinks serve now: while some of its uplinks are down,
     * theirs go to the live ones (the stored site keeps the operator's weights).
     *
     * @param name site name
     * @return the site as installed, if stored
     */
    Optional<IlnpSite> serving(String name);

    /**
     * Returns the ports of a site's uplinks that are down now (their link gone, or the port
     * disabled), whose share {@link #serving} gives to the live ones.
     *
     * @param name site name
     * @return the ports, empty for an unknown site or one with every uplink up
     */
    Set<PortNumber> downUplinks(String name);

    /**
     * Returns where a site is in its lifecycle.
     *
     * @param name site name
     * @return its status, if stored
     */
    Optional<InstallStatus> status(String name);

    /**
     * Returns the entries a site compiles to, described ("table {match} -> action"), with the
     * weights its uplinks serve while some are down.
     *
     * @param name site name
     * @return its entries; empty if unknown
     */
    List<String> entries(String name);

    /**
     * Validates and stores a new site (REQUESTED until its owner installed it).
     *
     * @param site the site
     * @return the stored site
     * @throws org.sixflow.app.api.IdInUseException   if a site has its name (REST: 409)
     * @throws IllegalArgumentException               naming the fields at fault (REST: 400)
     * @throws org.sixflow.app.api.TableFullException if its entries would not fit (REST: 409)
     */
    IlnpSite add(IlnpSite site);

    /**
     * Gives a site new weights; its owner writes the new ranges before it removes the old ones.
     *
     * @param name    site name
     * @param weights every uplink's port to its weight
     * @return the site as stored, one revision on
     * @throws org.onlab.util.ItemNotFoundException if there is no such site (REST: 404)
     * @throws IllegalArgumentException             naming the weights at fault (REST: 400)
     * @throws org.sixflow.app.api.TableFullException if the new ranges would not fit beside the old (REST: 409)
     */
    IlnpSite setWeights(String name, Map<PortNumber, Integer> weights);

    /**
     * Removes a site; its owner removes its entries.
     *
     * @param name site name
     * @return false if there was none
     */
    boolean remove(String name);

    /**
     * Reads a site's per-uplink counters from its border router.
     *
     * @param name site name
     * @return one per uplink, in port order; empty if there is no such site
     * @throws IllegalStateException when the device cannot be read now
     */
    Optional<List<IlnpUplinkCounters>> counters(String name);
}
