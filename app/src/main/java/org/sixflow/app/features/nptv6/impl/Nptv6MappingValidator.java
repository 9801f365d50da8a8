// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import org.onlab.packet.Ip6Prefix;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Checks a mapping against the other mappings of its uplink's device, from the keys of
 * nptv6.p4's tables. Each problem names the field and the other mapping:
 * <ul>
 *   <li>one mapping per uplink: nptv6_outbound is keyed by (egress port, source), and a
 *       provider's uplink shows the site as one external prefix;</li>
 *   <li>external prefixes disjoint: nptv6_inbound(_icmp) match the destination (the invoking
 *       packet's source) alone, on packets from every port, so of two overlapping external
 *       prefixes the longer would take the other's addresses (equal ones are one key);</li>
 *   <li>no internal prefix overlapping another mapping's external prefix: nptv6_inbound would
 *       translate packets sent to the site's own hosts;</li>
 *   <li>internal prefixes equal (one site on several uplinks, RFC 6296 multihoming) or
 *       disjoint (separate sites). The tables would take nested ones too (outbound is keyed by
 *       port, so they never meet), but a host would then belong to two sites whose prefixes
 *       differ in length on different uplinks: refused as a mistake rather than guessed at.</li>
 * </ul>
 * Mappings on other devices never meet these tables.
 */
final class Nptv6MappingValidator {

    private Nptv6MappingValidator() {
    }

    /**
     * Checks a mapping against the stored ones.
     *
     * @param mapping the candidate
     * @param stored  the stored mappings (one with the candidate's id is left out)
     * @return problems; empty when it fits
     */
    static List<String> problems(NamedNptv6Mapping mapping, Collection<NamedNptv6Mapping> stored) {
        List<String> problems = new ArrayList<>();
        for (NamedNptv6Mapping other : stored) {
            if (other.id().equals(mapping.id())
                    || !other.uplink().deviceId().equals(mapping.uplink().deviceId())) {
                continue;
            }
            String on = " on " + mapping.uplink().deviceId();
            if (other.uplink().equals(mapping.uplink())) {
                problems.add("uplink: " + mapping.uplink() + " has mapping " + other.id() + " already (one mapping"
                                     + " per uplink: nptv6_outbound is keyed by the egress port)");
            }
            if (overlap(mapping.externalPrefix(), other.externalPrefix())) {
                problems.add("externalPrefix: " + mapping.externalPrefix() + " overlaps mapping " + other.id()
                                     + "'s external prefix " + other.externalPrefix() + on + " (nptv6_inbound"
                                     + " matches the destination alone, on every port)");
            }
            if (overlap(mapping.internalPrefix(), other.externalPrefix())) {
                problems.add("internalPrefix: " + mapping.internalPrefix() + " overlaps mapping " + other.id()
                                     + "'s external prefix " + other.externalPrefix() + on + " (nptv6_inbound"
                                     + " would translate packets sent to the site)");
            }
            if (overlap(mapping.externalPrefix(), other.internalPrefix())) {
                problems.add("externalPrefix: " + mapping.externalPrefix() + " overlaps mapping " + other.id()
                                     + "'s internal prefix " + other.internalPrefix() + on + " (nptv6_inbound"
                                     + " would translate packets sent to that site)");
            }
            if (!mapping.internalPrefix().equals(other.internalPrefix())
                    && overlap(mapping.internalPrefix(), other.internalPrefix())) {
                problems.add("internalPrefix: " + mapping.internalPrefix() + " overlaps mapping " + other.id()
                                     + "'s internal prefix " + other.internalPrefix() + on + " without being equal"
                                     + " (the mappings of one device share a site's internal prefix or have"
                                     + " disjoint ones)");
            }
        }
        return problems;
    }

    private static boolean overlap(Ip6Prefix a, Ip6Prefix b) {
        return a.contains(b) || b.contains(a);
    }
}
