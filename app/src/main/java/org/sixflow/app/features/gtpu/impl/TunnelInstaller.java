// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ListMultimap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.TableShortfall;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelStore;
import org.sixflow.app.impl.InstallRounds;
import org.sixflow.app.resources.TableBudget;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The owner's half of GTP-U tunnels: writes what a tunnel this instance owns compiles to, and
 * takes a removed tunnel's entries out, except its N3 address's gtpu_n3 entry while another
 * stored tunnel has that address (counted from the store, whichever instance owns the other
 * tunnel). Outcomes become the tunnel's status ({@link InstallRounds}).
 *
 * <p>Before entries are written their room is checked again (the manager checked when it
 * accepted the tunnel, but others may have been accepted since, on any instance): counting what
 * the devices hold, what this instance has written or is writing for its other tunnels, and the
 * tunnels other instances own and have not installed yet. A tunnel that would overflow a table
 * is not written: it is FAILED naming the device and the table, so that of two tunnels accepted
 * at once for the last room one is installed and the other fails with the reason.
 *
 * <p>Not thread-safe: the manager calls it from its work thread only.
 */
final class TunnelInstaller {

    /** What needs the entries, in a table shortfall's words. */
    static final String WHAT = "this tunnel";

    private final Logger log = getLogger(getClass());
    private final GtpuTunnelStore store;
    private final GtpuTunnelCompiler compiler;
    private final TableBudget budget;
    private final Function<String, List<FlowRule>> pendingElsewhere;
    private final InstallRounds<GtpuTunnel> rounds;

    /**
     * Creates the installer.
     *
     * @param flowRules where entries go
     * @param store     the tunnels (for their status, and for the N3 entries they share)
     * @param compiler  compiles tunnels
     * @param work      the manager's work thread, where outcomes are handled
     * @param budget    the room in the devices' tables
     * @param pendingElsewhere the entries of tunnels other instances own and have not installed
     *                  yet, leaving out the given tunnel
     */
    TunnelInstaller(FlowRuleService flowRules, GtpuTunnelStore store, GtpuTunnelCompiler compiler, Executor work,
                    TableBudget budget, Function<String, List<FlowRule>> pendingElsewhere) {
        this.store = store;
        this.compiler = compiler;
        this.budget = budget;
        this.pendingElsewhere = pendingElsewhere;
        this.rounds = new InstallRounds<>("tunnel", GtpuTunnel::id, flowRules, work, store::setStatus);
    }

    /**
     * Brings the devices to what a tunnel compiles to: every entry when this instance has not
     * installed it, else what is missing and every entry again on the devices that refused one;
     * nothing, when they lack room for it.
     *
     * @param tunnel the tunnel, owned here
     */
    void install(GtpuTunnel tunnel) {
        ListMultimap<DeviceId, FlowRule> wanted = compiler.compile(tunnel);
        InstallRounds.Version<GtpuTunnel> installed = rounds.installed(tunnel.id())
                .filter(v -> v.object().equals(tunnel)).orElse(null);
        InstallRounds.Version<GtpuTunnel> version;
        List<FlowRule> toAdd;
        if (installed == null) {
            version = rounds.newVersion(tunnel);
            toAdd = ImmutableList.copyOf(wanted.values());
        } else {
            version = installed;
            Map<FlowId, FlowRule> before = installed.rules().values().stream()
                    .collect(Collectors.toMap(FlowRule::id, r -> r, (a, b) -> a));
            toAdd = wanted.values().stream()
                    .filter(r -> before.get(r.id()) == null || !before.get(r.id()).exactMatch(r)
                            || installed.refused(r.deviceId()))
                    .collect(Collectors.toList());
        }
        List<TableShortfall> full = toAdd.isEmpty() ? List.of()
                : budget.shortfalls(toAdd, claimed(tunnel.id(), toAdd));
        if (!full.isEmpty()) {
            TableShortfall first = full.get(0);
            String reason = first.describe(WHAT);
            log.warn("Tunnel {} does not fit: {}", tunnel.id(), reason);
            if (installed != null) {
                // It stays as installed; a later round (the device back, a new owner) retries.
                rounds.refuse(installed, first.deviceId(), reason);
            } else {
                store.setStatus(tunnel, InstallStatus.failed(first.deviceId(), reason));
            }
            return;
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

    /**
     * What takes room on the devices of some entries while they are checked, besides what the
     * devices hold: this instance's other tunnels (their latest rounds may not show on the devices
     * yet) and other instances' pending tunnels.
     */
    private List<FlowRule> claimed(String id, Collection<FlowRule> toAdd) {
        Set<DeviceId> devices = toAdd.stream().map(FlowRule::deviceId).collect(Collectors.toSet());
        List<FlowRule> claimed = new ArrayList<>();
        for (InstallRounds.Version<GtpuTunnel> version : rounds.versions()) {
            if (!version.object().id().equals(id)) {
                devices.forEach(device -> claimed.addAll(version.rules().get(device)));
            }
        }
        claimed.addAll(pendingElsewhere.apply(id));
        return claimed;
    }
}
