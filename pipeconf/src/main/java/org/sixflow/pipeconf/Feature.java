// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

/**
 * A data-plane feature a profile may leave out (p4src's WITH_<feature> flags, profiles.json).
 * Telemetry, routing, ACL, packet I/O and the MTU check are in every profile.
 */
public enum Feature {
    /** APN6: the classifier inserting the Application-aware ID option, SLA priority, stripping. */
    APN6,
    /** MSR6: MRH encapsulation, End.RL/End.RLB.X replication, leaf decapsulation. */
    MSR6,
    /** GTP-U over IPv6: downlink encapsulation, uplink decapsulation at N3 addresses. */
    GTPU,
    /** NPTv6 (RFC 6296): checksum-neutral prefix translation at a site border, ICMPv6 errors' invoking packets too. */
    NPTV6,
    /**
     * ILNPv6 at a site border (RFC 6748): Nonce-option packets' locators rewritten, the uplink
     * chosen per flow by weight, Locator Updates punted, per-uplink counters.
     */
    ILNP,
    /**
     * BNG, the half facing the subscribers: line map, PPPoE control punt with the line id,
     * upstream termination with anti-spoofing, upstream per-line counters and meters.
     */
    BNG_ACCESS,
    /** BNG, the forwarding half: subscriber prefixes to sessions, PPPoE encapsulation, downstream counters and meters. */
    BNG_FORWARD,
    /** ECMP: a route over several equal-cost next hops, one per flow (routing_v6's groups, the ecmp action selector). */
    ECMP
}
