// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.features.gtpu.api.GtpuChecksumMode;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;

import java.util.List;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The GTP-U tunnel service as runs look tunnels up: each tunnel with its state and the latency
 * class its checksum mode makes of its downlink packets.
 */
final class TunnelServiceDirectory implements TunnelDirectory {

    private final GtpuTunnelService service;

    TunnelServiceDirectory(GtpuTunnelService service) {
        this.service = checkNotNull(service);
    }

    @Override
    public Optional<String> unavailable() {
        return Optional.empty();
    }

    @Override
    public Optional<ProbeTunnel> tunnel(String id) {
        return service.tunnel(id).map(t -> ProbeTunnel.of(
                t.id(), service.status(id).map(s -> s.state().name()).orElse(InstallStatus.State.REQUESTED.name()),
                List.copyOf(t.uePrefixes()), t.n3Address(), t.uplinkTeid(), encapClass(t.checksumMode()),
                t.decapDevice(), t.encapDevices()));
    }

    /** What the data plane measures a tunnel's downlink packets as (gtpu.p4 sets it by the mode). */
    static LatencyClass encapClass(GtpuChecksumMode mode) {
        switch (mode) {
            case FULL:
                return LatencyClass.GTPU_ENCAP_FULL;
            case INCREMENTAL:
                return LatencyClass.GTPU_ENCAP_INCREMENTAL;
            case ZERO:
            default:
                return LatencyClass.GTPU_ENCAP_ZERO;
        }
    }
}
