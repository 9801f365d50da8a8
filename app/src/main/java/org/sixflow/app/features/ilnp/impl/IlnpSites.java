// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteStore;
import org.sixflow.app.impl.ProfileFeatures;
import org.sixflow.app.lifecycle.OwnedFeature;
import org.sixflow.pipeconf.Feature;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * What the owned-object lifecycle needs to know of ILNP sites. A site goes on its border router,
 * which must run a profile with ILNP. What is installed is the site's serving version (its
 * weights while an uplink is down, {@link ServingWeights}), whose outcome is the stored
 * revision's status. A new revision (new weights) writes its ilnp_uplink ranges in a higher
 * priority band beside the old ones, which go once the device confirmed the new: make before
 * break, so no flow is ever without a range; the ilnp_inbound and ilnp_site entries are the same
 * flow rules in every revision and stay. Ranges a weight change that failed half way left on
 * the device go with the next change, or with the site.
 */
final class IlnpSites implements OwnedFeature<IlnpSite> {

    private final IlnpSiteStore store;
    private final IlnpEntryCompiler compiler;
    private final PiPipeconfService pipeconfs;
    private final FlowRuleService flowRules;
    private final Function<IlnpSite, IlnpSite> serving;

    /**
     * Creates the sites' side of the lifecycle.
     *
     * @param store     the sites
     * @param compiler  compiles sites
     * @param pipeconfs ONOS's pipeconfs, for the border routers' profiles
     * @param flowRules the devices' entries, for stray ranges
     * @param serving   the site to install for a stored one (ServingWeights while an uplink is down)
     */
    IlnpSites(IlnpSiteStore store, IlnpEntryCompiler compiler, PiPipeconfService pipeconfs, FlowRuleService flowRules,
              Function<IlnpSite, IlnpSite> serving) {
        this.store = store;
        this.compiler = compiler;
        this.pipeconfs = pipeconfs;
        this.flowRules = flowRules;
        this.serving = serving;
    }

    @Override
    public String id(IlnpSite site) {
        return site.name();
    }

    @Override
    public IlnpSiteStore store() {
        return store;
    }

    /**
     * Records an outcome for the stored site a served one came from: the same revision (the
     * serving weights never change without the stored revision moving on).
     */
    @Override
    public boolean setStatus(IlnpSite served, InstallStatus status) {
        return store.get(served.name()).filter(stored -> stored.revision() == served.revision())
                .map(stored -> store.setStatus(stored, status)).orElse(false);
    }

    @Override
    public Function<IlnpSite, Collection<FlowRule>> compiler() {
        return compiler::compile;
    }

    @Override
    public Set<DeviceId> placedOn(IlnpSite site) {
        return Set.of(site.device());
    }

    @Override
    public Optional<String> unfit(DeviceId device) {
        return ProfileFeatures.unfit(pipeconfs, device, Feature.ILNP);
    }

    @Override
    public IlnpSite serving(IlnpSite stored) {
        return serving.apply(stored);
    }

    /**
     * The site's ilnp_uplink entries on its device, written by this app, other than those given:
     * what a weight change that failed half way left behind.
     */
    @Override
    public Collection<FlowRule> strays(IlnpSite site, Set<FlowId> except) {
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
}
