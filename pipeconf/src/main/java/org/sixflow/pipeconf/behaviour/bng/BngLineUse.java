// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import com.google.common.collect.ImmutableSet;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.model.PiTableId;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V4;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V4;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6;

/**
 * Whether a line still has an address on a device. A session's attachments (its IPv4 address,
 * its /64, a delegated prefix) each have entries of their own (sources, prefixes) and share the
 * line's (line map, session, line session): removing one attachment while others remain (a
 * delegated prefix released during the session) must leave the shared entries, which only the
 * last one takes with it.
 */
final class BngLineUse {

    /** The tables whose entries are one address's: a source upstream, a prefix downstream. */
    static final Set<PiTableId> ADDRESS_TABLES = ImmutableSet.of(
            SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V4,
            SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V4);

    private BngLineUse() {
    }

    /**
     * Tells whether a line keeps an address entry on a device once some are removed.
     *
     * @param entries  the device's entries
     * @param lineId   the line
     * @param removing the entries being removed (they do not count)
     * @return true if another address entry of the line is there and not on its way out
     */
    static boolean stillUsed(Iterable<FlowEntry> entries, int lineId, Collection<FlowRule> removing) {
        Set<FlowId> leaving = removing.stream().map(FlowRule::id).collect(Collectors.toSet());
        for (FlowEntry entry : entries) {
            if (!ADDRESS_TABLES.contains(entry.table()) || leaving.contains(entry.id())
                    || entry.state() == FlowEntry.FlowEntryState.PENDING_REMOVE
                    || entry.state() == FlowEntry.FlowEntryState.REMOVED) {
                continue;
            }
            if (lineOf(entry).equals(Optional.of(lineId))) {
                return true;
            }
        }
        return false;
    }

    /** A source entry is keyed by its line; a prefix entry's action names it. */
    private static Optional<Integer> lineOf(FlowRule rule) {
        Optional<Integer> key = BngLineIds.lineIdKey(rule);
        return key.isPresent() ? key : BngLineIds.lineId(rule);
    }
}
