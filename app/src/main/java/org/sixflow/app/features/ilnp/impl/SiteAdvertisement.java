// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onosproject.net.PortNumber;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.features.ilnp.api.LocatorUpdate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a site's border router advertises to a host's correspondent when the uplinks the site
 * serves change: the provider locators of the uplinks that are up (a down one left out, which
 * RFC 6743 reads as withdrawn), the one the host's flow to the correspondent now leaves by first
 * (preference {@link #FIRST}; RFC 6743: lower is preferred), so that the correspondent answers
 * where the host sends from, then the others by the weight they serve. The update leaves by that
 * uplink, with its source locator, as the data plane would route the host's own update
 * ({@link FlowHash} over the identifiers, ICMPv6 and zero ports, in the serving weights' ranges).
 */
final class SiteAdvertisement {

    /** The preference of the locator the correspondent should answer; others follow by STEP. */
    static final int FIRST = 10;
    static final int STEP = 10;
    /** Seconds a locator is advertised for (as the lab's ILNP endpoint advertises its own). */
    static final int LIFETIME = 600;
    private static final int NH_ICMPV6 = 58;

    private final IlnpUplink uplink;
    private final List<LocatorUpdate.Entry> entries;

    private SiteAdvertisement(IlnpUplink uplink, List<LocatorUpdate.Entry> entries) {
        this.uplink = uplink;
        this.entries = List.copyOf(entries);
    }

    /**
     * Returns what to advertise for one session.
     *
     * @param serving        the site with the weights its uplinks serve now
     * @param down           the ports of its uplinks that are down
     * @param hostIdentifier the host's identifier
     * @param correspondent  the correspondent's identifier
     * @return the advertisement, or empty when no uplink is up
     */
    static Optional<SiteAdvertisement> of(IlnpSite serving, Set<PortNumber> down, long hostIdentifier,
                                          long correspondent) {
        List<IlnpUplink> up = new ArrayList<>();
        for (IlnpUplink u : serving.uplinks()) {
            if (!down.contains(u.port())) {
                up.add(u);
            }
        }
        if (up.isEmpty()) {
            return Optional.empty();
        }
        int hash = FlowHash.of(hostIdentifier, correspondent, NH_ICMPV6, 0, 0);
        Map<Integer, HashRanges.Range> ranges = HashRanges.of(
                serving.uplinks().stream().map(IlnpUplink::weight).collect(Collectors.toList()));
        IlnpUplink by = ranges.entrySet().stream().filter(e -> e.getValue().contains(hash))
                .map(e -> serving.uplinks().get(e.getKey())).filter(up::contains).findFirst().orElse(up.get(0));
        List<IlnpUplink> order = new ArrayList<>(up);
        order.remove(by);
        order.sort(Comparator.comparingInt(IlnpUplink::weight).reversed());
        order.add(0, by);
        List<LocatorUpdate.Entry> entries = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            entries.add(new LocatorUpdate.Entry(IlnpEntryCompiler.locatorBits(order.get(i).locator()),
                                                FIRST + STEP * i, LIFETIME));
        }
        return Optional.of(new SiteAdvertisement(by, entries));
    }

    /** The uplink the update leaves by, whose locator it is sent from. */
    IlnpUplink uplink() {
        return uplink;
    }

    /** The locators advertised, the preferred first. */
    List<LocatorUpdate.Entry> entries() {
        return entries;
    }
}
