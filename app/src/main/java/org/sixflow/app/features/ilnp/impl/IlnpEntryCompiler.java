// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onlab.packet.Ip6Prefix;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpUplink;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.sixflow.app.impl.PiParams.param;

/**
 * Turns an ILNP site into entries of ilnp.p4 on its border router:
 * <ul>
 *   <li>ilnp_inbound, one per uplink: its provider locator on the destination → to_internal(the
 *       internal locator, the uplink's id);</li>
 *   <li>ilnp_site, one per uplink: (its port, the internal locator as source) → set_site(the site's id);</li>
 *   <li>ilnp_uplink, one per uplink of weight &gt; 0: (site, its range of the flow hash,
 *       {@link HashRanges}) → use_uplink(its locator, port, the router's MAC, the next hop's, id).</li>
 * </ul>
 * An uplink's id (the counters' index) is its port; the site's id is its lowest port
 * ({@link IlnpSite#siteId}). The ranges of a revision sit in a priority band of their own,
 * {@link #BAND} wide and one band higher each revision, so that new weights are written beside
 * the old ones, at a higher priority, before the old ones go (make before break, as
 * docs/features/ilnp.md says): no flow is ever without a range. The bands wrap after
 * {@link #BANDS} revisions; that one change writes the new ranges below the old ones, which is
 * still make before break (both cover every hash while both are there).
 */
public final class IlnpEntryCompiler {

    /** ONOS wants a priority on every rule; P4Runtime takes none for the exact tables. */
    static final int PRIORITY = 10;
    /** Priorities of one revision's ranges: as many as a site has uplinks at most. */
    static final int BAND = IlnpSite.MAX_UPLINKS;
    /** Bands before they wrap (the highest priority written is PRIORITY + BANDS * BAND - 1). */
    static final int BANDS = 1000;

    private final ApplicationId appId;

    /**
     * Creates the compiler.
     *
     * @param appId the app the entries belong to
     */
    public IlnpEntryCompiler(ApplicationId appId) {
        this.appId = appId;
    }

    /** The app the entries belong to. */
    ApplicationId appId() {
        return appId;
    }

    /**
     * Compiles a site.
     *
     * @param site a site (valid by construction)
     * @return its entries: ilnp_inbound, ilnp_site per uplink in port order, then ilnp_uplink
     */
    public List<FlowRule> compile(IlnpSite site) {
        DeviceId device = site.device();
        byte[] internal = locator(site.internalLocator());
        List<FlowRule> rules = new ArrayList<>();
        for (IlnpUplink uplink : site.uplinks()) {
            long port = uplink.port().toLong();
            rules.add(rule(device, IlnpPipeline.INBOUND, PRIORITY,
                           PiCriterion.builder().matchExact(IlnpPipeline.DST_LOCATOR, locator(uplink.locator())).build(),
                           PiAction.builder().withId(IlnpPipeline.TO_INTERNAL)
                                   .withParameter(param(IlnpPipeline.LOCATOR, internal, IlnpPipeline.LOCATOR_BITWIDTH))
                                   .withParameter(param(IlnpPipeline.UPLINK_ID, port, IlnpPipeline.UPLINK_ID_BITWIDTH))
                                   .build()));
            rules.add(rule(device, IlnpPipeline.SITE, PRIORITY,
                           PiCriterion.builder().matchExact(IlnpPipeline.EG_PORT, port)
                                   .matchExact(IlnpPipeline.SRC_LOCATOR, internal).build(),
                           PiAction.builder().withId(IlnpPipeline.SET_SITE)
                                   .withParameter(param(IlnpPipeline.SITE_ID, site.siteId(), IlnpPipeline.SITE_BITWIDTH))
                                   .build()));
        }
        rules.addAll(ranges(site));
        return rules;
    }

    /**
     * The ilnp_uplink entries of a site's weights (what a weight change replaces).
     *
     * @param site the site
     * @return one per uplink of weight &gt; 0, in port order
     */
    List<FlowRule> ranges(IlnpSite site) {
        List<IlnpUplink> uplinks = site.uplinks();
        Map<Integer, HashRanges.Range> ranges = HashRanges.of(uplinks.stream().map(IlnpUplink::weight)
                                                                      .collect(Collectors.toList()));
        int band = PRIORITY + (site.revision() % BANDS) * BAND;
        List<FlowRule> rules = new ArrayList<>();
        int n = 0;
        for (Map.Entry<Integer, HashRanges.Range> e : ranges.entrySet()) {
            IlnpUplink uplink = uplinks.get(e.getKey());
            HashRanges.Range range = e.getValue();
            PiCriterion.Builder match = PiCriterion.builder().matchExact(IlnpPipeline.SITE_KEY, site.siteId());
            if (!range.whole()) {
                // P4Runtime: a range over the whole field is a don't-care, written without the key.
                match.matchRange(IlnpPipeline.BUCKET, range.low, range.high);
            }
            long port = uplink.port().toLong();
            rules.add(rule(site.device(), IlnpPipeline.UPLINK, band + n++, match.build(),
                           PiAction.builder().withId(IlnpPipeline.USE_UPLINK)
                                   .withParameter(param(IlnpPipeline.LOCATOR, locator(uplink.locator()),
                                                        IlnpPipeline.LOCATOR_BITWIDTH))
                                   .withParameter(param(IlnpPipeline.PORT, port, IlnpPipeline.PORT_BITWIDTH))
                                   .withParameter(param(IlnpPipeline.SMAC, uplink.routerMac().toBytes(),
                                                        IlnpPipeline.MAC_BITWIDTH))
                                   .withParameter(param(IlnpPipeline.DMAC, uplink.nextHopMac().toBytes(),
                                                        IlnpPipeline.MAC_BITWIDTH))
                                   .withParameter(param(IlnpPipeline.UPLINK_ID, port, IlnpPipeline.UPLINK_ID_BITWIDTH))
                                   .build()));
        }
        return rules;
    }

    /** A locator's 64 bits, most significant first. */
    static byte[] locator(Ip6Prefix locator) {
        return Arrays.copyOf(locator.address().toOctets(), IlnpPipeline.LOCATOR_BITWIDTH / 8);
    }

    /** A locator's 64 bits as a number. */
    static long locatorBits(Ip6Prefix locator) {
        long value = 0;
        for (byte b : locator(locator)) {
            value = (value << 8) | (b & 0xff);
        }
        return value;
    }

    private FlowRule rule(DeviceId device, PiTableId table, int priority, PiCriterion match, PiAction action) {
        return DefaultFlowRule.builder().forDevice(device).forTable(table)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(priority).fromApp(appId).makePermanent().build();
    }
}
