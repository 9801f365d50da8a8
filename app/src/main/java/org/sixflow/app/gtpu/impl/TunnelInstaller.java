// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.gtpu.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ListMultimap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.sixflow.app.api.GtpuTunnel;
import org.sixflow.app.api.GtpuTunnelStore;
import org.sixflow.app.gtpu.GtpuTunnelCompiler;
import org.sixflow.app.impl.InstallRounds;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;

/**
 * The owner's half of GTP-U tunnels: writes what a tunnel this instance owns compiles to, and
 * takes a removed tunnel's entries out, except its N3 address's gtpu_n3 entry while another
 * stored tunnel has that address (counted from the store, whichever instance owns the other
 * tunnel). Outcomes become the tunnel's status ({@link InstallRounds}). Not thread-safe: the
 * manager calls it from its work thread only.
 */
final class TunnelInstaller {

    private final GtpuTunnelStore store;
    private final GtpuTunnelCompiler compiler;
    private final InstallRounds<GtpuTunnel> rounds;

    /**
     * Creates the installer.
     *
     * @param flowRules where entries go
     * @param store     the tunnels (for their status, and for the N3 entries they share)
     * @param compiler  compiles tunnels
     * @param work      the manager's work thread, where outcomes are handled
     */
    TunnelInstaller(FlowRuleService flowRules, GtpuTunnelStore store, GtpuTunnelCompiler compiler, Executor work) {
        this.store = store;
        this.compiler = compiler;
        this.rounds = new InstallRounds<>("tunnel", GtpuTunnel::id, flowRules, work, store::setStatus);
    }

    /**
     * Brings the devices to what a tunnel compiles to: every entry when this instance has not
     * installed it, else what is missing and every entry again on the devices that refused one.
     *
     * @param tunnel the tunnel, owned here
     */
    void install(GtpuTunnel tunnel) {
        ListMultimap<DeviceId, FlowRule> wanted = compiler.compile(tunnel);
        InstallRounds.Version<GtpuTunnel> version = rounds.installed(tunnel.id())
                .filter(v -> v.object().equals(tunnel)).orElse(null);
        List<FlowRule> toAdd;
        if (version == null) {
            version = rounds.newVersion(tunnel);
            toAdd = ImmutableList.copyOf(wanted.values());
        } else {
            InstallRounds.Version<GtpuTunnel> had = version;
            Map<FlowId, FlowRule> before = had.rules().values().stream()
                    .collect(Collectors.toMap(FlowRule::id, r -> r, (a, b) -> a));
            toAdd = wanted.values().stream()
                    .filter(r -> before.get(r.id()) == null || !before.get(r.id()).exactMatch(r)
                            || had.refused(r.deviceId()))
                    .collect(Collectors.toList());
        }
        rounds.put(version, wanted);
        rounds.run(version, toAdd, List.of());
    }

    /**
     * Writes every entry of the tunnels this instance owns on a device again.
     *
     * @param device a device that became available
     */
    void reapply(DeviceId device) {
        rounds.reapply(device);
    }

    /**
     * Removes a removed tunnel's entries; its N3 entry stays while another stored tunnel has the
     * address.
     *
     * @param tunnel the tunnel as it was
     */
    void uninstall(GtpuTunnel tunnel) {
        Collection<FlowRule> old = rounds.forget(tunnel.id()).map(v -> v.rules().values())
                .orElseGet(() -> compiler.compile(tunnel).values());
        Set<FlowId> shared = store.tunnels().stream()
                .filter(other -> !other.id().equals(tunnel.id()) && other.decapDevice().equals(tunnel.decapDevice())
                        && other.n3Address().equals(tunnel.n3Address()))
                .map(other -> compiler.n3Rule(other).id()).collect(Collectors.toSet());
        rounds.remove(tunnel.id(), old.stream().filter(r -> !shared.contains(r.id())).collect(Collectors.toList()));
    }

    /**
     * Forgets a tunnel another instance owns now (its entries stay: the new owner keeps them).
     *
     * @param id tunnel id
     */
    void forget(String id) {
        rounds.forget(id);
    }

    /** The tunnels this instance installed. */
    Set<String> owned() {
        return rounds.owned();
    }
}
