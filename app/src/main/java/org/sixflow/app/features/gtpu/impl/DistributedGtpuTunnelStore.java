// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

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
import org.sixflow.app.features.gtpu.api.GtpuChecksumMode;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelEvent;
import org.sixflow.app.features.gtpu.api.GtpuTunnelStore;
import org.sixflow.app.features.gtpu.api.GtpuTunnelStoreDelegate;
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
 * GTP-U tunnels in a ConsistentMap shared by the cluster, and their counter indexes in a second
 * one (index -> tunnel id): an index is claimed there with putIfAbsent before its tunnel is
 * stored, so instances storing tunnels at once never give one index twice. Map events reach the
 * delegate on this store's own thread (see DistributedApn6PolicyStore for why).
 */
@Component(immediate = true, service = GtpuTunnelStore.class)
public class DistributedGtpuTunnelStore extends AbstractStore<GtpuTunnelEvent, GtpuTunnelStoreDelegate>
        implements GtpuTunnelStore {

    /** Name of the map of tunnels. */
    static final String MAP_NAME = "sixflow-gtpu-tunnels";
    /** Name of the map of counter indexes. */
    static final String INDEX_MAP_NAME = "sixflow-gtpu-counter-indexes";

    /** Every type the maps hold, as Kryo must know them on every instance. */
    static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .nextId(KryoNamespaces.BEGIN_USER_CUSTOM_ID)
            .register(Stored.class, GtpuTunnel.class, GtpuChecksumMode.class, InstallStatus.class,
                      InstallStatus.State.class, InstallStatus.Failure.class)
            .build("sixflow-gtpu-tunnels"));

    private final Logger log = getLogger(getClass());
    private final MapEventListener<String, Stored<GtpuTunnel>> mapListener = new InternalMapListener();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<String, Stored<GtpuTunnel>> tunnels;
    private MapSnapshot<String, Stored<GtpuTunnel>> listed;
    private ConsistentMap<Integer, String> indexes;
    private ExecutorService eventExecutor;

    @Activate
    protected void activate() {
        tunnels = storageService.<String, Stored<GtpuTunnel>>consistentMapBuilder().withName(MAP_NAME)
                .withSerializer(SERIALIZER).build();
        indexes = storageService.<Integer, String>consistentMapBuilder().withName(INDEX_MAP_NAME)
                .withSerializer(SERIALIZER).build();
        eventExecutor = Executors.newSingleThreadExecutor(groupedThreads("sixflow/gtpu", "store-events", log));
        tunnels.addListener(mapListener, eventExecutor);
        listed = new MapSnapshot<>(tunnels);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        tunnels.removeListener(mapListener);
        listed.close();
        eventExecutor.shutdown();
        log.info("Stopped");
    }

    @Override
    public Optional<GtpuTunnel> add(GtpuTunnel tunnel, int counterCells) {
        if (tunnels.containsKey(tunnel.id())) {
            return Optional.empty();
        }
        int index = claimIndex(tunnel.id(), counterCells);
        GtpuTunnel stored = tunnel.withCounterIndex(index);
        if (tunnels.putIfAbsent(tunnel.id(), new Stored<>(stored, InstallStatus.REQUESTED)) != null) {
            indexes.remove(index, tunnel.id());
            return Optional.empty();
        }
        listed.changed();
        return Optional.of(stored);
    }

    /** Claims the lowest free index; an index whose tunnel is gone (a crash between claim and store) is free. */
    private int claimIndex(String id, int counterCells) {
        for (int index = 0; index < counterCells; index++) {
            Versioned<String> holder = indexes.putIfAbsent(index, id);
            if (holder == null) {
                return index;
            }
            Versioned<Stored<GtpuTunnel>> owner = tunnels.get(holder.value());
            if (owner == null || owner.value().value().counterIndex().orElse(-1) != index) {
                if (indexes.replace(index, holder.value(), id)) {
                    return index;
                }
            }
        }
        throw new IllegalStateException("every one of the " + counterCells
                                                + " GTP-U tunnel counter cells is taken; remove a tunnel first");
    }

    @Override
    public Optional<GtpuTunnel> remove(String id) {
        Optional<GtpuTunnel> removed = Optional.ofNullable(tunnels.remove(id)).map(v -> v.value().value());
        listed.changed();
        removed.ifPresent(t -> t.counterIndex().ifPresent(index -> indexes.remove(index, id)));
        return removed;
    }

    @Override
    public Optional<GtpuTunnel> tunnel(String id) {
        return Optional.ofNullable(tunnels.get(id)).map(v -> v.value().value());
    }

    @Override
    public Collection<GtpuTunnel> tunnels() {
        return tunnels.values().stream().map(v -> v.value().value()).collect(ImmutableList.toImmutableList());
    }

    @Override
    public Optional<InstallStatus> status(String id) {
        return Optional.ofNullable(tunnels.get(id)).map(v -> v.value().status());
    }

    @Override
    public boolean setStatus(GtpuTunnel tunnel, InstallStatus status) {
        boolean set = Stored.setStatus(tunnels, tunnel.id(), tunnel, status);
        listed.changed();
        return set;
    }

    @Override
    public Map<String, Map.Entry<GtpuTunnel, InstallStatus>> listedTunnels() {
        return Maps.transformValues(listed.get(), stored -> Maps.immutableEntry(stored.value(), stored.status()));
    }

    /** Turns map changes into tunnel events for the delegate. */
    private class InternalMapListener implements MapEventListener<String, Stored<GtpuTunnel>> {
        @Override
        public void event(MapEvent<String, Stored<GtpuTunnel>> event) {
            Stored<GtpuTunnel> now = event.newValue() == null ? null : event.newValue().value();
            Stored<GtpuTunnel> before = event.oldValue() == null ? null : event.oldValue().value();
            switch (event.type()) {
                case INSERT:
                    notifyDelegate(new GtpuTunnelEvent(GtpuTunnelEvent.Type.TUNNEL_ADDED, now.value(), now.status()));
                    break;
                case UPDATE:
                    if (!now.status().equals(before.status())) {
                        notifyDelegate(new GtpuTunnelEvent(statusEvent(now.status()), now.value(), now.status()));
                    }
                    break;
                case REMOVE:
                    notifyDelegate(new GtpuTunnelEvent(GtpuTunnelEvent.Type.TUNNEL_REMOVED, before.value(),
                                                       before.status()));
                    break;
                default:
                    log.debug("Ignoring {}", event);
            }
        }

        private GtpuTunnelEvent.Type statusEvent(InstallStatus status) {
            switch (status.state()) {
                case INSTALLED:
                    return GtpuTunnelEvent.Type.TUNNEL_INSTALLED;
                case FAILED:
                    return GtpuTunnelEvent.Type.TUNNEL_FAILED;
                default:
                    return GtpuTunnelEvent.Type.TUNNEL_REQUESTED;
            }
        }
    }
}
