// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;

import java.util.List;
import java.util.stream.Stream;

/**
 * What a tunnel's owner does when a device's sixflow netcfg changed. A tunnel's entries do not
 * depend on netcfg (they hold only its own fields: N3 address, TEIDs, peer, UE prefixes), so
 * there is nothing to recompile; but whether they still work does: the N3 address must lie in
 * the decap device's locator, where routing brings uplink packets, and its devices must still be
 * Sixflow's. The N3 address is the UPF's, configured on the gNB too, so the controller cannot
 * move it: a tunnel the change broke is marked FAILED with the reason (its entries stay, so that
 * a netcfg put back makes it work at once), and a FAILED tunnel that checks out again is
 * installed again. Tunnels whose state does not change are not touched.
 */
final class TunnelRecheck {

    /** What to do with one tunnel. */
    enum Action {
        /** Leave it: still valid and not failed, or failed already for the same reason. */
        NONE,
        /** Record the status {@link #failure}. */
        FAIL,
        /** Install it again (its problems are gone). */
        INSTALL
    }

    private TunnelRecheck() {
    }

    /**
     * Decides for one tunnel.
     *
     * @param tunnel   the stored tunnel
     * @param status   its status now
     * @param problems what the validator finds wrong with it on the network now
     * @return what to do
     */
    static Action decide(GtpuTunnel tunnel, InstallStatus status, List<String> problems) {
        if (!problems.isEmpty()) {
            return failure(tunnel, problems).equals(status) ? Action.NONE : Action.FAIL;
        }
        return status.state() == InstallStatus.State.FAILED ? Action.INSTALL : Action.NONE;
    }

    /**
     * The status of a tunnel the network no longer fits: FAILED, naming the first of its devices
     * the first problem mentions (else its decap device) and every problem.
     *
     * @param tunnel   the tunnel
     * @param problems its problems, at least one
     * @return the status
     */
    static InstallStatus failure(GtpuTunnel tunnel, List<String> problems) {
        String first = problems.get(0);
        DeviceId device = Stream.concat(Stream.of(tunnel.decapDevice()), tunnel.encapDevices().stream())
                .filter(d -> first.contains(d.toString())).findFirst().orElse(tunnel.decapDevice());
        return InstallStatus.failed(device, "the network changed: " + String.join("; ", problems));
    }
}
