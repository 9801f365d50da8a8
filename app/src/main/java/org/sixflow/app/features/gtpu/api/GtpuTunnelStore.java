// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import org.onosproject.store.Store;
import org.sixflow.app.api.InstallStatus;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * The cluster's GTP-U tunnels with their status and counter indexes. Every instance sees every
 * tunnel; the store delegate of every instance hears every change (on a thread of the store's),
 * as {@link GtpuTunnelEvent}s.
 */
public interface GtpuTunnelStore extends Store<GtpuTunnelEvent, GtpuTunnelStoreDelegate> {

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

    /**
     * Removes a tunnel and frees its counter index.
     *
     * @param id tunnel id
     * @return the tunnel as it was; empty if there was none
     */
    Optional<GtpuTunnel> remove(String id);

    /**
     * Returns a tunnel.
     *
     * @param id tunnel id
     * @return the tunnel with its counter index, if stored
     */
    Optional<GtpuTunnel> tunnel(String id);

    /**
     * Returns every tunnel.
     *
     * @return tunnels, in no order
     */
    Collection<GtpuTunnel> tunnels();

    /**
     * Returns a tunnel's status.
     *
     * @param id tunnel id
     * @return its status, if the tunnel is stored
     */
    Optional<InstallStatus> status(String id);

    /**
     * Returns every tunnel with its status as of the last change this instance heard of: its own
     * writes at once, another instance's when their map event arrives. For lists; decoded once
     * per change rather than once per read.
     *
     * @return each tunnel id's tunnel and status, in no order
     */
    Map<String, Map.Entry<GtpuTunnel, InstallStatus>> listedTunnels();

    /**
     * Records a tunnel's status, if the stored version is still the one given.
     *
     * @param tunnel the version the status is about
     * @param status the status
     * @return whether it was recorded
     */
    boolean setStatus(GtpuTunnel tunnel, InstallStatus status);
}
