// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import org.sixflow.app.api.OwnedStore;

/**
 * The cluster's ILNP sites with their status. Every instance sees every site; the store delegate
 * of every instance hears every change (on a thread of the store's) as {@link IlnpSiteEvent}s.
 */
public interface IlnpSiteStore extends OwnedStore<IlnpSite, IlnpSiteEvent, IlnpSiteStoreDelegate> {

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
}
