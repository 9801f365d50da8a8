// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onosproject.store.service.Serializer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteEvent;
import org.sixflow.app.features.ilnp.api.IlnpSiteStore;
import org.sixflow.app.features.ilnp.api.IlnpSiteStoreDelegate;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.lifecycle.DistributedOwnedStore;
import org.sixflow.app.lifecycle.OwnedMap;

/**
 * ILNP sites in the cluster's map of the lifecycle ({@link OwnedMap}), told as site events. A
 * new revision of a site (new weights) is an update of its value: SITE_UPDATED; a status change
 * alone is a status event.
 */
@Component(immediate = true, service = IlnpSiteStore.class)
public class DistributedIlnpSiteStore
        extends DistributedOwnedStore<IlnpSite, IlnpSiteEvent, IlnpSiteStoreDelegate>
        implements IlnpSiteStore {

    /** Name of the map of sites. */
    static final String MAP_NAME = "sixflow-ilnp-sites";

    /** Every type the map holds, as Kryo must know them on every instance. */
    static final Serializer SERIALIZER = OwnedMap.serializer("sixflow-ilnp-sites", IlnpSite.class, IlnpUplink.class);

    @Activate
    protected void activate() {
        open(MAP_NAME, SERIALIZER, IlnpSite::name, "sixflow/ilnp",
             // No previous version: what a site's owner installed is the site as its live uplinks
             // serve it, not the stored version; the installer finds the old ranges (strays).
             (change, site, status, previous) -> new IlnpSiteEvent(
                     change.kindOf(IlnpSiteEvent.Type.class), site, status, null));
    }

    @Deactivate
    protected void deactivate() {
        close();
    }

    @Override
    public boolean add(IlnpSite site) {
        return objects.add(site);
    }

    @Override
    public boolean replace(IlnpSite before, IlnpSite after) {
        return objects.replace(before, after);
    }
}
