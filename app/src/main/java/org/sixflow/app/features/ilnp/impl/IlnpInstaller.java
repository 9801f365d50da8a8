// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import com.google.common.collect.ImmutableListMultimap;
import com.google.common.collect.ListMultimap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.TableShortfall;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteStore;
import org.sixflow.app.impl.InstallRounds;
import org.sixflow.app.resources.TableBudget;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The owner's half of ILNP sites: writes what a site this instance owns compiles to
 * ({@link IlnpEntryCompiler}) through {@link InstallRounds}, whose outcome becomes the site's
 * status, and takes a removed site's entries out.
 *
 * <p>A new revision (new weights) is a round of its own: the entries the new revision has and
 * the installed one has not (its ilnp_uplink ranges, in a higher priority band) are written
 * first, and only once the device confirmed every one are the old ranges removed
 * (InstallRounds' add-then-remove): make before break, so no flow is ever without a range. The
 * ilnp_inbound and ilnp_site entries are the same flow rules in both revisions and stay.
 *
 * <p>Before writing it asks again whether the device can take the site (its profile must have
 * ILNP) and whether its tables have room for the new entries beside what they hold. Not
 * thread-safe: the manager calls it from its work thread only.
 */
final class IlnpInstaller {

    /** What needs the entries, in a table shortfall's words. */
    static final String WHAT = "this site";

    private final Logger log = getLogger(getClass());
    private final IlnpSiteStore store;
    private final IlnpEntryCompiler compiler;
    private final TableBudget budget;
    private final Function<DeviceId, Optional<String>> unfit;
    private final Function<String, List<FlowRule>> pendingElsewhere;
    private final Function<IlnpSite, IlnpSite> serving;
    private final InstallRounds<IlnpSite> rounds;
    private final FlowRuleService flowRules;

    /**
     * Creates the installer.
     *
     * @param flowRules        where entries go
     * @param store            the sites, for their status
     * @param compiler         compiles sites
     * @param work             the manager's work thread, where outcomes are handled
     * @param budget           the room in the devices' tables
     * @param unfit            why a device cannot take ILNP entries now, if it cannot
     * @param pendingElsewhere the entries of sites other instances own and have not installed
     *                         yet, leaving out the given site
     * @param serving          the site to install for a stored one: its weights while some of its
     *                         uplinks are down (ServingWeights), else itself
     */
    IlnpInstaller(FlowRuleService flowRules, IlnpSiteStore store, IlnpEntryCompiler compiler, Executor work,
                  TableBudget budget, Function<DeviceId, Optional<String>> unfit,
                  Function<String, List<FlowRule>> pendingElsewhere, Function<IlnpSite, IlnpSite> serving) {
        this.flowRules = flowRules;
        this.store = store;
        this.compiler = compiler;
        this.budget = budget;
        this.unfit = unfit;
        this.pendingElsewhere = pendingElsewhere;
        this.serving = serving;
        this.rounds = new InstallRounds<>("ILNP site", IlnpSite::name, flowRules, work, this::setStatus);
    }

    /**
     * Brings the device to what a site compiles to: the entries this instance has not written
     * for it (all of them the first time), then the removal of those it no longer has.
     *
     * @param stored the site as stored, owned here
     */
    void install(IlnpSite stored) {
        IlnpSite site = serving.apply(stored);
        DeviceId device = site.device();
        Optional<String> refusal = unfit.apply(device);
        if (refusal.isPresent()) {
            log.warn("ILNP site {} cannot go on {}: {}", site.name(), device, refusal.get());
            rounds.forget(site.name());
            store.setStatus(stored, InstallStatus.failed(device, refusal.get()));
            return;
        }
        ListMultimap<DeviceId, FlowRule> wanted = compiler.compile(site).stream()
                .collect(ImmutableListMultimap.toImmutableListMultimap(FlowRule::deviceId, r -> r));
        InstallRounds.Version<IlnpSite> installed = rounds.installed(site.name()).orElse(null);
        if (installed != null && installed.object().equals(site) && !installed.refused(device)) {
            rounds.run(installed, List.of(), List.of());
            return;
        }
        List<FlowRule> toAdd;
        List<FlowRule> toRemove;
        InstallRounds.Version<IlnpSite> version;
        if (installed == null || installed.refused(device) && installed.object().equals(site)) {
            version = installed != null ? installed : rounds.newVersion(site);
            toAdd = new ArrayList<>(wanted.values());
            toRemove = List.of();
        } else {
            // Another revision is installed: only what differs is written, the old ranges go last.
            version = rounds.newVersion(site);
            Map<FlowId, FlowRule> before = installed.rules().values().stream()
                    .collect(Collectors.toMap(FlowRule::id, r -> r, (a, b) -> a));
            Set<FlowId> now = wanted.values().stream().map(FlowRule::id).collect(Collectors.toSet());
            toAdd = wanted.values().stream()
                    .filter(r -> before.get(r.id()) == null || !before.get(r.id()).exactMatch(r))
                    .collect(Collectors.toList());
            toRemove = installed.rules().values().stream().filter(r -> !now.contains(r.id()))
                    .collect(Collectors.toList());
            // Ranges of a revision whose round failed (its removals never ran) go too.
            Set<FlowId> going = toRemove.stream().map(FlowRule::id).collect(Collectors.toSet());
            strayRanges(site, now).stream().filter(r -> !going.contains(r.id())).forEach(toRemove::add);
        }
        List<TableShortfall> full = toAdd.isEmpty() ? List.of()
                : budget.shortfalls(toAdd, claimed(site.name(), device));
        if (!full.isEmpty()) {
            String reason = full.get(0).describe(WHAT);
            log.warn("ILNP site {} does not fit: {}", site.name(), reason);
            store.setStatus(stored, InstallStatus.failed(device, reason));
            return;
        }
        rounds.put(version, wanted);
        rounds.run(version, toAdd, toRemove);
    }

    /**
     * Records an outcome for the stored site a served one came from: the same revision (the
     * serving weights never change without the stored revision moving on).
     */
    private boolean setStatus(IlnpSite served, InstallStatus status) {
        return store.site(served.name()).filter(stored -> stored.revision() == served.revision())
                .map(stored -> store.setStatus(stored, status)).orElse(false);
    }

    /**
     * Writes every entry of the sites this instance installed on a device again.
     *
     * @param device a device that became available
     */
    void reapply(DeviceId device) {
        rounds.reapply(device);
    }

    /**
     * Removes a removed site's entries.
     *
     * @param site the site as it was
     */
    void uninstall(IlnpSite site) {
        List<FlowRule> old = new ArrayList<>(rounds.forget(site.name()).map(v -> v.rules().values())
                                                     .orElseGet(() -> compiler.compile(site)));
        Set<FlowId> going = old.stream().map(FlowRule::id).collect(Collectors.toSet());
        // Ranges of an earlier revision the device still holds (a weight change whose round failed).
        strayRanges(site, going).forEach(old::add);
        rounds.remove(site.name(), old);
    }

    /**
     * The site's ilnp_uplink entries on its device, written by this app, other than those given:
     * what a weight change that failed half way left behind.
     */
    private List<FlowRule> strayRanges(IlnpSite site, Set<FlowId> except) {
        List<FlowRule> stray = new ArrayList<>();
        for (FlowEntry entry : flowRules.getFlowEntries(site.device())) {
            if (entry.table().equals(IlnpPipeline.UPLINK) && entry.appId() == compiler.appId().id()
                    && !except.contains(entry.id()) && siteOf(entry) == site.siteId()) {
                stray.add(entry);
            }
        }
        return stray;
    }

    /** The site key of an ilnp_uplink entry; -1 if it has none. */
    private static long siteOf(FlowRule rule) {
        PiCriterion match = (PiCriterion) rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
        if (match == null) {
            return -1;
        }
        return match.fieldMatch(IlnpPipeline.SITE_KEY)
                .filter(f -> f instanceof PiExactFieldMatch)
                .map(f -> {
                    long value = 0;
                    for (byte b : ((PiExactFieldMatch) f).value().asArray()) {
                        value = (value << 8) | (b & 0xff);
                    }
                    return value;
                }).orElse(-1L);
    }

    /**
     * Forgets a site another instance owns now (its entries stay: the new owner keeps them).
     *
     * @param name site name
     */
    void forget(String name) {
        rounds.forget(name);
    }

    /** The sites this instance installed. */
    Set<String> owned() {
        return rounds.owned();
    }

    /** What takes room on a device besides what it holds: this instance's other sites, others' pending ones. */
    private List<FlowRule> claimed(String name, DeviceId device) {
        List<FlowRule> claimed = new ArrayList<>();
        for (InstallRounds.Version<IlnpSite> version : rounds.versions()) {
            if (!version.object().name().equals(name)) {
                claimed.addAll(version.rules().get(device));
            }
        }
        claimed.addAll(pendingElsewhere.apply(name));
        return claimed;
    }
}
