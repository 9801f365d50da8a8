// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import org.onosproject.store.Store;
import org.sixflow.app.api.InstallStatus;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * The cluster's ILNP sites with their status. Every instance sees every site; the store delegate
 * of every instance hears every change (on a thread of the store's) as {@link IlnpSiteEvent}s.
 */
public interface IlnpSiteStore extends Store<IlnpSiteEvent, IlnpSiteStoreDelegate> {

    /**
     * Stores a new site, REQUESTED.
     *
     * @param site the site
     * @return whether it was stored; false, storing nothing, if a site has its name
     */
    boolean add(IlnpSite site);

    /**
     * Replaces a stored site by a newer revision of it, REQUESTED.
     *
     * @param before the version the change was made from
     * @param after  the new version
     * @return whether it was stored; false if the stored version is no longer {@code before}
     */
    boolean replace(IlnpSite before, IlnpSite after);

    /**
     * Removes a site.
     *
     * @param name site name
     * @return the site as it was; empty if there was none
     */
    Optional<IlnpSite> remove(String name);

    /**
     * Returns a site.
     *
     * @param name site name
     * @return the site, if stored
     */
    Optional<IlnpSite> site(String name);

    /**
     * Returns every site, read from the map (for decisions).
     *
     * @return sites, in no order
     */
    Collection<IlnpSite> sites();

    /**
     * Returns a site's status.
     *
     * @param name site name
     * @return its status, if the site is stored
     */
    Optional<InstallStatus> status(String name);

    /**
     * Returns every site with its status as of the last change this instance heard of, for lists.
     *
     * @return each name's site and status, in no order
     */
    Map<String, Map.Entry<IlnpSite, InstallStatus>> listedSites();

    /**
     * Records a site's status, if the stored version is still the one given.
     *
     * @param site   the version the status is about
     * @param status the status
     * @return whether it was recorded
     */
    boolean setStatus(IlnpSite site, InstallStatus status);
}
