// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.Maps;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.AbstractStore;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteEvent;
import org.sixflow.app.features.ilnp.api.IlnpSiteStore;
import org.sixflow.app.features.ilnp.api.IlnpSiteStoreDelegate;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.impl.MapSnapshot;
import org.sixflow.app.impl.Stored;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * ILNP sites in a ConsistentMap shared by the cluster, each with its status in one value
 * ({@link Stored}), as the NPTv6 mappings are. A new revision of a site (new weights) is an
 * update of its value: SITE_UPDATED; a status change alone is a status event.
 */
@Component(immediate = true, service = IlnpSiteStore.class)
public class DistributedIlnpSiteStore extends AbstractStore<IlnpSiteEvent, IlnpSiteStoreDelegate>
        implements IlnpSiteStore {

    /** Name of the map of sites. */
    static final String MAP_NAME = "sixflow-ilnp-sites";

    /** Every type the map holds, as Kryo must know them on every instance. */
    static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .nextId(KryoNamespaces.BEGIN_USER_CUSTOM_ID)
            .register(Stored.class, IlnpSite.class, IlnpUplink.class, InstallStatus.class,
                      InstallStatus.State.class, InstallStatus.Failure.class)
            .build("sixflow-ilnp-sites"));

    private final Logger log = getLogger(getClass());
    private final MapEventListener<String, Stored<IlnpSite>> mapListener = new InternalMapListener();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<String, Stored<IlnpSite>> sites;
    private MapSnapshot<String, Stored<IlnpSite>> listed;
    private ExecutorService eventExecutor;

    @Activate
    protected void activate() {
        sites = storageService.<String, Stored<IlnpSite>>consistentMapBuilder().withName(MAP_NAME)
                .withSerializer(SERIALIZER).build();
        eventExecutor = Executors.newSingleThreadExecutor(groupedThreads("sixflow/ilnp", "store-events", log));
        sites.addListener(mapListener, eventExecutor);
        listed = new MapSnapshot<>(sites);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        sites.removeListener(mapListener);
        listed.close();
        eventExecutor.shutdown();
        log.info("Stopped");
    }

    @Override
    public boolean add(IlnpSite site) {
        boolean added = sites.putIfAbsent(site.name(), new Stored<>(site, InstallStatus.REQUESTED)) == null;
        listed.changed();
        return added;
    }

    @Override
    public boolean replace(IlnpSite before, IlnpSite after) {
        Versioned<Stored<IlnpSite>> now = sites.computeIf(
                before.name(), stored -> stored != null && stored.value().equals(before),
                (name, stored) -> new Stored<>(after, InstallStatus.REQUESTED));
        listed.changed();
        return now != null && now.value().value().equals(after);
    }

    @Override
    public Optional<IlnpSite> remove(String name) {
        Optional<IlnpSite> removed = Optional.ofNullable(sites.remove(name)).map(v -> v.value().value());
        listed.changed();
        return removed;
    }

    @Override
    public Optional<IlnpSite> site(String name) {
        return Optional.ofNullable(sites.get(name)).map(v -> v.value().value());
    }

    @Override
    public Collection<IlnpSite> sites() {
        return sites.values().stream().map(v -> v.value().value()).collect(ImmutableList.toImmutableList());
    }

    @Override
    public Optional<InstallStatus> status(String name) {
        return Optional.ofNullable(sites.get(name)).map(Versioned::value).map(Stored::status);
    }

    @Override
    public boolean setStatus(IlnpSite site, InstallStatus status) {
        boolean set = Stored.setStatus(sites, site.name(), site, status);
        listed.changed();
        return set;
    }

    @Override
    public Map<String, Map.Entry<IlnpSite, InstallStatus>> listedSites() {
        return Maps.transformValues(listed.get(), stored -> Maps.immutableEntry(stored.value(), stored.status()));
    }

    /** Turns map changes into site events for the delegate. */
    private class InternalMapListener implements MapEventListener<String, Stored<IlnpSite>> {
        @Override
        public void event(MapEvent<String, Stored<IlnpSite>> event) {
            Stored<IlnpSite> now = event.newValue() == null ? null : event.newValue().value();
            Stored<IlnpSite> before = event.oldValue() == null ? null : event.oldValue().value();
            switch (event.type()) {
                case INSERT:
                    notifyDelegate(new IlnpSiteEvent(IlnpSiteEvent.Type.SITE_ADDED, now.value(), now.status()));
                    break;
                case UPDATE:
                    if (!now.value().equals(before.value())) {
                        notifyDelegate(new IlnpSiteEvent(IlnpSiteEvent.Type.SITE_UPDATED, now.value(), now.status()));
                    } else if (!now.status().equals(before.status())) {
                        notifyDelegate(new IlnpSiteEvent(statusEvent(now.status()), now.value(), now.status()));
                    }
                    break;
                case REMOVE:
                    notifyDelegate(new IlnpSiteEvent(IlnpSiteEvent.Type.SITE_REMOVED, before.value(),
                                                     before.status()));
                    break;
                default:
                    log.debug("Ignoring {}", event);
            }
        }

        private IlnpSiteEvent.Type statusEvent(InstallStatus status) {
            switch (status.state()) {
                case INSTALLED:
                    return IlnpSiteEvent.Type.SITE_INSTALLED;
                case FAILED:
                    return IlnpSiteEvent.Type.SITE_FAILED;
                default:
                    return IlnpSiteEvent.Type.SITE_REQUESTED;
            }
        }
    }
}
