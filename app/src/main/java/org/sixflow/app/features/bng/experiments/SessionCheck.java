// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.experiments;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.features.bng.api.BngSession;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Checks a class against the session it names, as a run is planned, and gives its packet: an
 * upstream class's (from the subscriber's prefixes) in the session's PPPoE framing, entering by
 * the session's line port, the only place the BNG terminates it; a downstream class's (to them)
 * as it is, plain IPv6 the BNG encapsulates for the subscriber.
 */
final class SessionCheck {

    private SessionCheck() {
    }

    /**
     * Names what is wrong between a class and its session and returns the class's packet.
     *
     * @param c        the class, naming a session and giving a packet
     * @param session  the session up for it
     * @param access   the MAC its line's device answers the subscriber as (empty: none known)
     * @param ingress  the port the class's packets enter by
     * @param at       the class's path, e.g. classes[0]
     * @param problems where problems go
     * @return the packet as sent: framed for upstream; empty when it is neither up- nor downstream
     */
    static Optional<ProbePacket> plan(ExperimentClass c, BngSession session, Optional<MacAddress> access,
                                      ConnectPoint ingress, String at, Map<String, String> problems) {
        String ref = c.session().orElseThrow();
        if (session.status().state() != InstallStatus.State.INSTALLED) {
            problems.put(at + ".session", "session " + session.id() + " of " + ref + " is "
                    + session.status().state() + ", not " + InstallStatus.State.INSTALLED
                    + ": its entries are not all on its devices");
        }
        Optional<ProbePacket> given = c.packet();
        if (given.isEmpty()) {
            return given;   // the class's own validation asks for it (EXTERNAL traffic has none)
        }
        ProbePacket packet = given.get();
        List<Ip6Prefix> prefixes = prefixes(session);
        if (covers(prefixes, packet.source())) {
            if (!session.line().port().equals(ingress)) {
                problems.put("ingress", "the upstream packets of " + at + " (from " + ref + "'s prefixes "
                        + prefixes + ") enter the BNG by its line's port " + session.line().port() + ", not "
                        + ingress);
            }
            if (access.isEmpty()) {
                problems.put(at + ".session", session.line().port().deviceId() + ", " + ref + "'s BNG, has no bngMac "
                        + "annotation: the MAC its subscribers' session frames go to");
                return Optional.of(packet);
            }
            return Optional.of(packet.withPppoe(ProbePacket.Pppoe.of(
                    session.sessionId(), session.line().sVid(), session.line().cVid(), session.subscriberMac(),
                    access.get())));
        }
        if (covers(prefixes, packet.destination())) {
            return Optional.of(packet);
        }
        problems.put(at + ".packet", "neither the source " + packet.source() + " (upstream) nor the destination "
                + packet.destination() + " (downstream) is in " + ref + "'s prefixes " + prefixes
                + " (session " + session.id() + ")");
        return Optional.empty();
    }

    /** The session's /64 and the prefix delegated to it, what the BNG's source check and downstream map hold. */
    static List<Ip6Prefix> prefixes(BngSession s) {
        return Stream.of(s.ipv6Prefix(), s.delegatedPrefix()).flatMap(Optional::stream).collect(Collectors.toList());
    }

    private static boolean covers(List<Ip6Prefix> prefixes, Ip6Address address) {
        return prefixes.stream().anyMatch(p -> p.contains(address));
    }
}
