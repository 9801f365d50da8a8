// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.sixflow.app.features.gtpu.api.GtpuChecksumMode;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelEvent;
import org.sixflow.app.features.gtpu.api.GtpuTunnelStore;
import org.sixflow.app.features.gtpu.api.GtpuTunnelStoreDelegate;
import org.sixflow.app.lifecycle.DistributedOwnedStore;
import org.sixflow.app.lifecycle.OwnedMap;

import java.util.Optional;

/**
 * GTP-U tunnels in the cluster's map of the lifecycle ({@link OwnedMap}), told as tunnel events,
 * and their counter indexes in a second map (index -> tunnel id): an index is claimed there with
 * putIfAbsent before its tunnel is stored, so instances storing tunnels at once never give one
 * index twice.
 */
@Component(immediate = true, service = GtpuTunnelStore.class)
public class DistributedGtpuTunnelStore
        extends DistributedOwnedStore<GtpuTunnel, GtpuTunnelEvent, GtpuTunnelStoreDelegate>
        implements GtpuTunnelStore {

    /** Name of the map of tunnels. */
    static final String MAP_NAME = "sixflow-gtpu-tunnels";
    /** Name of the map of counter indexes. */
    static final String INDEX_MAP_NAME = "sixflow-gtpu-counter-indexes";

    /** Every type the maps hold, as Kryo must know them on every instance. */
    static final Serializer SERIALIZER = OwnedMap.serializer("sixflow-gtpu-tunnels", GtpuTunnel.class,
                                                             GtpuChecksumMode.class);

    private ConsistentMap<Integer, String> indexes;

    @Activate
    protected void activate() {
        // A tunnel is never replaced (no UPDATED): it is removed and created again.
        open(MAP_NAME, SERIALIZER, GtpuTunnel::id, "sixflow/gtpu",
             (change, tunnel, status, previous) -> new GtpuTunnelEvent(
                     change.kindOf(GtpuTunnelEvent.Type.class), tunnel, status, previous.orElse(null)));
        indexes = storageService.<Integer, String>consistentMapBuilder().withName(INDEX_MAP_NAME)
                .withSerializer(SERIALIZER).build();
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        close();
    }

    @Override
    public Optional<GtpuTunnel> add(GtpuTunnel tunnel, int counterCells) {
        if (objects.get(tunnel.id()).isPresent()) {
            return Optional.empty();
        }
        int index = claimIndex(tunnel.id(), counterCells);
        GtpuTunnel stored = tunnel.withCounterIndex(index);
        if (!objects.add(stored)) {
            indexes.remove(index, tunnel.id());
            return Optional.empty();
        }
        return Optional.of(stored);
    }

    /** Claims the lowest free index; an index whose tunnel is gone (a crash between claim and store) is free. */
    private int claimIndex(String id, int counterCells) {
        for (int index = 0; index < counterCells; index++) {
            Versioned<String> holder = indexes.putIfAbsent(index, id);
            if (holder == null) {
                return index;
            }
            int claimed = index;
            boolean held = objects.get(holder.value()).map(t -> t.counterIndex().orElse(-1) == claimed)
                    .orElse(false);
            if (!held && indexes.replace(index, holder.value(), id)) {
                return index;
            }
        }
        throw new IllegalStateException("every one of the " + counterCells
                                                + " GTP-U tunnel counter cells is taken; remove a tunnel first");
    }

    @Override
    public Optional<GtpuTunnel> remove(String id) {
        Optional<GtpuTunnel> removed = objects.remove(id);
        removed.ifPresent(t -> t.counterIndex().ifPresent(index -> indexes.remove(index, id)));
        return removed;
    }
}
