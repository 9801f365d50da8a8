// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import com.google.common.collect.ImmutableListMultimap;
import com.google.common.collect.ListMultimap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.TableShortfall;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingStore;
import org.sixflow.app.impl.InstallRounds;
import org.sixflow.app.resources.TableBudget;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Function;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The owner's half of NPTv6 mappings: writes the four entries a mapping this instance owns
 * compiles to ({@link Nptv6EntryCompiler}) through {@link InstallRounds}, whose outcome becomes
 * the mapping's status, and takes a removed mapping's entries out (no entry is shared: each
 * mapping's keys hold its own prefixes, and the validator keeps them apart).
 *
 * <p>Before writing it asks again whether the device can take the mapping: its profile must
 * have NPTv6 (a device may have been given another pipeconf since the mapping was accepted), and
 * its tables room for the entries, counting what the device holds, this instance's other
 * mappings and other instances' pending ones. A mapping that cannot go is FAILED with the reason,
 * naming the device.
 *
 * <p>Not thread-safe: the manager calls it from its work thread only.
 */
final class Nptv6Installer {

    /** What needs the entries, in a table shortfall's words. */
    static final String WHAT = "this mapping";

    private final Logger log = getLogger(getClass());
    private final Nptv6MappingStore store;
    private final Nptv6EntryCompiler compiler;
    private final TableBudget budget;
    private final Function<DeviceId, Optional<String>> unfit;
    private final Function<String, List<FlowRule>> pendingElsewhere;
    private final InstallRounds<NamedNptv6Mapping> rounds;

    /**
     * Creates the installer.
     *
     * @param flowRules        where entries go
     * @param store            the mappings, for their status
     * @param compiler         compiles mappings
     * @param work             the manager's work thread, where outcomes are handled
     * @param budget           the room in the devices' tables
     * @param unfit            why a device cannot take NPTv6 entries now, if it cannot
     * @param pendingElsewhere the entries of mappings other instances own and have not installed
     *                         yet, leaving out the given mapping
     */
    Nptv6Installer(FlowRuleService flowRules, Nptv6MappingStore store, Nptv6EntryCompiler compiler, Executor work,
                   TableBudget budget, Function<DeviceId, Optional<String>> unfit,
                   Function<String, List<FlowRule>> pendingElsewhere) {
        this.store = store;
        this.compiler = compiler;
        this.budget = budget;
        this.unfit = unfit;
        this.pendingElsewhere = pendingElsewhere;
        this.rounds = new InstallRounds<>("NPTv6 mapping", NamedNptv6Mapping::id, flowRules, work, store::setStatus);
    }

    /**
     * Brings the device to what a mapping compiles to: every entry when this instance has not
     * installed this version, else every entry again on a device that refused one.
     *
     * @param mapping the mapping, owned here
     */
    void install(NamedNptv6Mapping mapping) {
        DeviceId device = mapping.uplink().deviceId();
        Optional<String> refusal = unfit.apply(device);
        if (refusal.isPresent()) {
            log.warn("NPTv6 mapping {} cannot go on {}: {}", mapping.id(), device, refusal.get());
            rounds.forget(mapping.id());
            store.setStatus(mapping, InstallStatus.failed(device, refusal.get()));
            return;
        }
        ListMultimap<DeviceId, FlowRule> wanted = compiler.compile(mapping.mapping()).stream()
                .collect(ImmutableListMultimap.toImmutableListMultimap(FlowRule::deviceId, r -> r));
        InstallRounds.Version<NamedNptv6Mapping> installed = rounds.installed(mapping.id())
                .filter(v -> v.object().equals(mapping)).orElse(null);
        if (installed != null && !installed.refused(device)) {
            rounds.run(installed, List.of(), List.of());
            return;
        }
        InstallRounds.Version<NamedNptv6Mapping> version = installed != null ? installed : rounds.newVersion(mapping);
        List<TableShortfall> full = budget.shortfalls(wanted.values(), claimed(mapping.id(), device));
        if (!full.isEmpty()) {
            String reason = full.get(0).describe(WHAT);
            log.warn("NPTv6 mapping {} does not fit: {}", mapping.id(), reason);
            if (installed != null) {
                rounds.refuse(installed, device, reason);
            } else {
                store.setStatus(mapping, InstallStatus.failed(device, reason));
            }
            return;
        }
        rounds.put(version, wanted);
        rounds.run(version, wanted.values(), List.of());
    }

    /**
     * Writes every entry of the mappings this instance installed on a device again.
     *
     * @param device a device that became available
     */
    void reapply(DeviceId device) {
        rounds.reapply(device);
    }

    /**
     * Removes a removed mapping's entries.
     *
     * @param mapping the mapping as it was
     */
    void uninstall(NamedNptv6Mapping mapping) {
        Collection<FlowRule> old = rounds.forget(mapping.id()).map(v -> v.rules().values())
                .orElseGet(() -> compiler.compile(mapping.mapping()));
        rounds.remove(mapping.id(), old);
    }

    /**
     * Forgets a mapping another instance owns now (its entries stay: the new owner keeps them).
     *
     * @param id mapping id
     */
    void forget(String id) {
        rounds.forget(id);
    }

    /** The mappings this instance installed. */
    Set<String> owned() {
        return rounds.owned();
    }

    /** What takes room on a device besides what it holds: this instance's other mappings, others' pending ones. */
    private List<FlowRule> claimed(String id, DeviceId device) {
        List<FlowRule> claimed = new ArrayList<>();
        for (InstallRounds.Version<NamedNptv6Mapping> version : rounds.versions()) {
            if (!version.object().id().equals(id)) {
                claimed.addAll(version.rules().get(device));
            }
        }
        claimed.addAll(pendingElsewhere.apply(id));
        return claimed;
    }
}
