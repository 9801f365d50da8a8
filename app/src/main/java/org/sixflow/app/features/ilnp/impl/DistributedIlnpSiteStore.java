// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteEvent;
import org.sixflow.app.features.ilnp.api.IlnpSiteStore;
import org.sixflow.app.features.ilnp.api.IlnpSiteStoreDelegate;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.lifecycle.DistributedOwnedStore;
import org.sixflow.app.lifecycle.OwnedMap;
import org.slf4j.Logger;

import java.util.Map;

import static org.slf4j.LoggerFactory.getLogger;

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

    private static final Map<OwnedMap.Change, IlnpSiteEvent.Type> EVENTS = Map.of(
            OwnedMap.Change.ADDED, IlnpSiteEvent.Type.SITE_ADDED,
            OwnedMap.Change.UPDATED, IlnpSiteEvent.Type.SITE_UPDATED,
            OwnedMap.Change.REMOVED, IlnpSiteEvent.Type.SITE_REMOVED,
            OwnedMap.Change.INSTALLED, IlnpSiteEvent.Type.SITE_INSTALLED,
            OwnedMap.Change.FAILED, IlnpSiteEvent.Type.SITE_FAILED,
            OwnedMap.Change.REQUESTED, IlnpSiteEvent.Type.SITE_REQUESTED);

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    @Activate
    protected void activate() {
        open(storageService, MAP_NAME, SERIALIZER, IlnpSite::name, "sixflow/ilnp",
             (change, site, status, previous) -> new IlnpSiteEvent(EVENTS.get(change), site, status));
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        close();
        log.info("Stopped");
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
