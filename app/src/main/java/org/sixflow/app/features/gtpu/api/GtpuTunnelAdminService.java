// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

/**
 * Creates and removes GTP-U tunnels. Any instance accepts a change: it validates it against the
 * cluster's tunnels and stores it; the tunnel's owner instance installs it.
 */
public interface GtpuTunnelAdminService extends GtpuTunnelService {

    /**
     * Validates and stores a new tunnel (REQUESTED until its owner installed it), giving it a
     * counter index no other tunnel of the cluster has. Its owner checks the room in the tables
     * again before it installs: a tunnel whose room went meanwhile (to another accepted at once)
     * ends FAILED, naming the device and the table.
     *
     * @param tunnel the tunnel (without a counter index)
     * @return the stored tunnel, with its counter index
     * @throws IdInUseException         if a tunnel has its id
     * @throws IllegalArgumentException naming what is wrong, if invalid
     * @throws TableFullException       if its entries would not fit a P4 table of a device
     * @throws IllegalStateException    if every counter cell is taken
     */
    GtpuTunnel create(GtpuTunnel tunnel);

    /**
     * Removes a tunnel; its owner removes its entries.
     *
     * @param id tunnel id
     * @return false if there was none
     */
    boolean remove(String id);
}
