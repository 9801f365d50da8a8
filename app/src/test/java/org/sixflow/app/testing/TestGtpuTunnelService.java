// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelCounters;
import org.sixflow.app.features.gtpu.api.GtpuTunnelListener;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;
import org.sixflow.app.features.gtpu.api.GtpuTunnelValidation;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * The tunnel service over tunnels a test adds and removes ({@link #tunnels}), for components that
 * only read tunnels: each is INSTALLED, valid, with no entries or counters, and nobody is told of
 * changes.
 */
public class TestGtpuTunnelService implements GtpuTunnelService {

    /** The tunnels the service knows, in the order added. */
    public final List<GtpuTunnel> tunnels = new CopyOnWriteArrayList<>();

    @Override
    public List<GtpuTunnel> tunnels() {
        return ImmutableList.copyOf(tunnels);
    }

    @Override
    public Optional<GtpuTunnel> tunnel(String id) {
        return tunnels.stream().filter(t -> t.id().equals(id)).findFirst();
    }

    @Override
    public Optional<InstallStatus> status(String id) {
        return tunnel(id).map(t -> InstallStatus.INSTALLED);
    }

    @Override
    public Map<String, InstallStatus> statuses() {
        return tunnels.stream().collect(Collectors.toMap(GtpuTunnel::id, t -> InstallStatus.INSTALLED));
    }

    @Override
    public GtpuTunnelValidation validate(GtpuTunnel tunnel) {
        return new GtpuTunnelValidation(List.of(), List.of());
    }

    @Override
    public Map<DeviceId, List<String>> entries(String id) {
        return Map.of();
    }

    @Override
    public Map<String, GtpuTunnelCounters> counters(Collection<String> ids) {
        return Map.of();
    }

    @Override
    public void addListener(GtpuTunnelListener listener) {
    }

    @Override
    public void removeListener(GtpuTunnelListener listener) {
    }
}
