// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import com.google.common.base.MoreObjects;
import org.onosproject.event.AbstractEvent;
import org.sixflow.app.api.InstallStatus;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Something happened to a GTP-U tunnel. Every instance of the cluster hears every event.
 */
public class GtpuTunnelEvent extends AbstractEvent<GtpuTunnelEvent.Type, GtpuTunnel> {

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

    private final InstallStatus status;

    /**
     * Creates an event.
     *
     * @param type   what happened
     * @param tunnel the tunnel, with its counter index (for removals, as it was)
     * @param status its status (for removals, as it was)
     */
    public GtpuTunnelEvent(Type type, GtpuTunnel tunnel, InstallStatus status) {
        super(type, tunnel);
        this.status = checkNotNull(status);
    }

    /** The tunnel's status when the event happened. */
    public InstallStatus status() {
        return status;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("type", type()).add("tunnel", subject().id())
                .add("status", status).toString();
    }
}
