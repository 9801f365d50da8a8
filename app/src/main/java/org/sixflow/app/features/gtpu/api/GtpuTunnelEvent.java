// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.OwnedChange;
import org.sixflow.app.api.OwnedObjectEvent;

/**
 * Something happened to a GTP-U tunnel. Every instance of the cluster hears every event.
 */
public class GtpuTunnelEvent extends OwnedObjectEvent<GtpuTunnelEvent.Type, GtpuTunnel> {

    /** What happened. */
    public enum Type implements OwnedChange.Kind {
        /** A tunnel was validated and stored; its owner installs it. */
        TUNNEL_ADDED(OwnedChange.ADDED),
        /** A tunnel was removed; its owner removes its entries. */
        TUNNEL_REMOVED(OwnedChange.REMOVED),
        /** Every device confirmed a tunnel's entries. */
        TUNNEL_INSTALLED(OwnedChange.INSTALLED),
        /** A device refused one of a tunnel's entries. */
        TUNNEL_FAILED(OwnedChange.FAILED),
        /** A tunnel is waiting again: the network has nowhere to put its entries. */
        TUNNEL_REQUESTED(OwnedChange.REQUESTED);

        private final OwnedChange change;

        Type(OwnedChange change) {
            this.change = change;
        }

        @Override
        public OwnedChange change() {
            return change;
        }
    }

    /**
     * Creates an event.
     *
     * @param type   what happened
     * @param tunnel the tunnel, with its counter index (for removals, as it was)
     * @param status its status (for removals, as it was)
     */
    public GtpuTunnelEvent(Type type, GtpuTunnel tunnel, InstallStatus status) {
        this(type, tunnel, status, null);
    }

    /**
     * Creates an event about a replaced tunnel.
     *
     * @param type     what happened
     * @param tunnel   the tunnel
     * @param status   its status
     * @param previous the version it replaced, or null
     */
    public GtpuTunnelEvent(Type type, GtpuTunnel tunnel, InstallStatus status, GtpuTunnel previous) {
        super(type, tunnel, status, tunnel.id(), previous);
    }
}
