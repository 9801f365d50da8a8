// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.OwnedObjectEvent;

/**
 * Something happened to a GTP-U tunnel. Every instance of the cluster hears every event.
 */
public class GtpuTunnelEvent extends OwnedObjectEvent<GtpuTunnelEvent.Type, GtpuTunnel> {

    /** What happened. */
    public enum Type {
        /** A tunnel was validated and stored; its owner installs it. */
        TUNNEL_ADDED,
        /** A tunnel was removed; its owner removes its entries. */
        TUNNEL_REMOVED,
        /** Every device confirmed a tunnel's entries. */
        TUNNEL_INSTALLED,
        /** A device refused one of a tunnel's entries. */
        TUNNEL_FAILED,
        /** A tunnel is waiting again: the network has nowhere to put its entries. */
        TUNNEL_REQUESTED
    }

    /**
     * Creates an event.
     *
     * @param type   what happened
     * @param tunnel the tunnel, with its counter index (for removals, as it was)
     * @param status its status (for removals, as it was)
     */
    public GtpuTunnelEvent(Type type, GtpuTunnel tunnel, InstallStatus status) {
        super(type, tunnel, status, tunnel.id());
    }
}
