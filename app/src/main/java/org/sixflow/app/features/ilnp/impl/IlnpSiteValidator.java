// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onlab.packet.Ip6Prefix;
import org.sixflow.app.api.InvalidFieldsException.FieldError;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpUplink;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Checks a site against the other sites and the NPTv6 mappings of its border router, from the
 * keys of ilnp.p4's and nptv6.p4's tables. Each problem names the field and the other object:
 * <ul>
 *   <li>a port is the uplink of one site: its counters' cell is the uplink's (index = port), and
 *       the site's id is its lowest port;</li>
 *   <li>every locator of the device's sites is distinct (a provider locator is ilnp_inbound's
 *       whole key; an internal locator that is another site's provider locator would be
 *       rewritten inbound; two sites with one internal locator would be one site);</li>
 *   <li>no locator inside a prefix of an NPTv6 mapping of the device: both translate before and
 *       after routing on one program (ingress.p4: ilnp_inbound, then nptv6_inbound; nptv6_outbound,
 *       then ilnp_outbound), so a packet of one would be rewritten by the other as well.</li>
 * </ul>
 * Sites and mappings on other devices never meet these tables.
 */
final class IlnpSiteValidator {

    private IlnpSiteValidator() {
    }

    /**
     * Checks a site.
     *
     * @param site     the candidate
     * @param sites    the stored sites (one with its name is left out)
     * @param mappings the stored NPTv6 mappings
     * @return problems by field; empty when it fits
     */
    static List<FieldError> problems(IlnpSite site, Collection<IlnpSite> sites,
                                     Collection<NamedNptv6Mapping> mappings) {
        List<FieldError> problems = new ArrayList<>();
        String on = " on " + site.device();
        for (IlnpSite other : sites) {
            if (other.name().equals(site.name()) || !other.device().equals(site.device())) {
                continue;
            }
            List<Ip6Prefix> taken = locators(other);
            if (taken.contains(site.internalLocator())) {
                problems.add(new FieldError("internalLocator", site.internalLocator() + " is a locator of site "
                        + other.name() + on));
            }
            for (int i = 0; i < site.uplinks().size(); i++) {
                IlnpUplink uplink = site.uplinks().get(i);
                if (other.uplinks().stream().anyMatch(u -> u.port().equals(uplink.port()))) {
                    problems.add(new FieldError("uplinks[" + i + "].port", "port " + uplink.port() + " is an uplink of"
                            + " site " + other.name() + on + " already (one site per uplink port)"));
                }
                if (taken.contains(uplink.locator())) {
                    problems.add(new FieldError("uplinks[" + i + "].locator", uplink.locator() + " is a locator of"
                            + " site " + other.name() + on + " (ilnp_inbound is keyed by the locator alone)"));
                }
            }
        }
        for (NamedNptv6Mapping mapping : mappings) {
            if (!mapping.uplink().deviceId().equals(site.device())) {
                continue;
            }
            nptv6(mapping, "internalLocator", site.internalLocator(), problems);
            for (int i = 0; i < site.uplinks().size(); i++) {
                nptv6(mapping, "uplinks[" + i + "].locator", site.uplinks().get(i).locator(), problems);
            }
        }
        return problems;
    }

    private static void nptv6(NamedNptv6Mapping mapping, String field, Ip6Prefix locator, List<FieldError> problems) {
        for (Ip6Prefix prefix : List.of(mapping.internalPrefix(), mapping.externalPrefix())) {
            if (prefix.contains(locator) || locator.contains(prefix)) {
                problems.add(new FieldError(field, locator + " is inside NPTv6 mapping " + mapping.id() + "'s prefix "
                        + prefix + " on " + mapping.uplink().deviceId() + " (NPTv6 would translate the site's"
                        + " ILNP packets too)"));
                return;
            }
        }
    }

    private static List<Ip6Prefix> locators(IlnpSite site) {
        List<Ip6Prefix> locators = new ArrayList<>();
        locators.add(site.internalLocator());
        site.uplinks().forEach(u -> locators.add(u.locator()));
        return locators;
    }
}
