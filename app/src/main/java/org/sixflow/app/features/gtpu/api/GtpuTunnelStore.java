// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import org.sixflow.app.api.OwnedStore;

import java.util.Optional;

/**
 * The cluster's GTP-U tunnels with their status and counter indexes. Every instance sees every
 * tunnel; the store delegate of every instance hears every change (on a thread of the store's),
 * as {@link GtpuTunnelEvent}s. Removing a tunnel frees its counter index.
 */
public interface GtpuTunnelStore extends OwnedStore<GtpuTunnel, GtpuTunnelEvent, GtpuTunnelStoreDelegate> {

    /**
     * Stores a new tunnel, REQUESTED, with the lowest counter index no stored tunnel holds (an
     * index is claimed cluster-wide before the tunnel is stored, so two instances never give one
     * index twice).
     *
     * @param tunnel       the tunnel, without a counter index
     * @param counterCells how many cells the tunnel counters have (indexes 0..counterCells-1)
     * @return the stored tunnel with its index; empty, storing nothing, if a tunnel has its id
     * @throws IllegalStateException if every index is taken
     */
    Optional<GtpuTunnel> add(GtpuTunnel tunnel, int counterCells);
}
