// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.sixflow.app.features.bng.impl.PrefixDelegationServer.Answer;
import org.sixflow.app.features.bng.impl.SubscriberIpv6Packets.Received;
import org.sixflow.app.packet.icmpv6.RouterAddresses;

import java.util.Optional;

/**
 * A session's IPv6 provisioning by the BNG itself, as ISPs' BNGs do it: the BNG is the
 * subscriber's first-hop router, so it advertises the session's /64 (RFC 4861: at IPv6CP up, every
 * {@link #RA_INTERVAL_MILLIS}, and in answer to a Router Solicitation, at most one per
 * {@link #MIN_RA_GAP_MILLIS}) and delegates the line's prefix by DHCPv6 (RFC 8415), installing
 * its entries while the client holds it and removing them when it is released, expires or the
 * session ends. Data packets never come here (the data plane punts only link-scope and
 * multicast ones); what is neither a Router Solicitation nor DHCPv6 is not answered.
 */
final class SubscriberIpv6 {

    /** RFC 4861 10, MIN_DELAY_BETWEEN_RAS. */
    static final long MIN_RA_GAP_MILLIS = 3_000;
    /** Unsolicited RAs: half of MaxRtrAdvInterval's default (600 s), well within the router lifetime. */
    static final long RA_INTERVAL_MILLIS = 300_000;
    /** RFC 4861 6.2.1: 3 × MaxRtrAdvInterval. */
    static final int ROUTER_LIFETIME = 1800;
    /** The /64's lifetimes (the common defaults of radvd): the session renews them with every RA. */
    static final int PREFIX_VALID = 86_400;
    static final int PREFIX_PREFERRED = 14_400;

    /** What the session gives this, and how it acts on the network. */
    interface Link {
        /** The BNG's MAC (its link-local address and DUID come from it). */
        MacAddress bngMac();

        /** The session's /64, once IPv6CP is up and one is configured. */
        Optional<Ip6Prefix> lan64();

        /** The prefix the line may have delegated, if one is configured. */
        Optional<Ip6Prefix> delegatable();

        /** Sends an IPv6 packet to the subscriber in its session. */
        void send(byte[] ipv6);

        /** Installs a delegated prefix's entries; false when the data plane refused them. */
        boolean install(Ip6Prefix delegated);

        /** Removes them. */
        void uninstall(Ip6Prefix delegated);
    }

    /** Why a packet that is neither a Router Solicitation nor DHCPv6 is not answered. */
    static final String NOT_FOR_BNG = "IPv6 packet that is neither a Router Solicitation nor DHCPv6";

    private long lastRa = Long.MIN_VALUE / 2;
    private Ip6Prefix delegated;
    private long leaseEnds;

    /**
     * Takes an IPv6 packet the subscriber sent.
     *
     * @param packet the PPP information field
     * @param now    epoch milliseconds
     * @param link   the session
     * @return why it was not answered, empty when it was
     * @throws MalformedFrameException for a malformed Router Solicitation or DHCPv6 message
     */
    Optional<String> receive(byte[] packet, long now, Link link) throws MalformedFrameException {
        Received received = SubscriberIpv6Packets.read(packet);
        switch (received.kind) {
            case ROUTER_SOLICITATION:
                if (link.lan64().isEmpty()) {
                    return Optional.of("Router Solicitation before the session has a /64");
                }
                if (now - lastRa < MIN_RA_GAP_MILLIS) {
                    return Optional.of("Router Solicitation within " + MIN_RA_GAP_MILLIS + " ms of the last RA");
                }
                advertise(now, link);
                return Optional.empty();
            case DHCPV6:
                return dhcpv6(Dhcpv6Message.read(received.dhcpv6), received.source, now, link);
            default:
                return Optional.of(NOT_FOR_BNG);
        }
    }

    private Optional<String> dhcpv6(Dhcpv6Message message, Ip6Address client, long now, Link link)
            throws MalformedFrameException {
        PrefixDelegationServer server = new PrefixDelegationServer(link.bngMac());
        Optional<Ip6Prefix> offer = delegated != null ? Optional.of(delegated) : link.delegatable();
        Answer answer = server.answer(message, offer, prefix -> prefix.equals(delegated) || link.install(prefix));
        if (answer.ignored.isPresent()) {
            return answer.ignored;
        }
        if (answer.bound.isPresent()) {
            delegated = answer.bound.get();
            leaseEnds = now + PrefixDelegationServer.VALID * 1000L;
        }
        answer.reply.ifPresent(reply -> link.send(SubscriberIpv6Packets.dhcpv6(
                RouterAddresses.linkLocal(link.bngMac()), client, reply.bytes())));
        if (answer.released) {
            release(link);
        }
        return Optional.empty();
    }

    /**
     * Sends an unsolicited RA now (the session's IPv6 came up), if the session has a /64.
     *
     * @param now  epoch milliseconds
     * @param link the session
     */
    void advertise(long now, Link link) {
        link.lan64().ifPresent(prefix -> {
            lastRa = now;
            link.send(SubscriberIpv6Packets.routerAdvertisement(RouterAddresses.linkLocal(link.bngMac()),
                                                                prefix, ROUTER_LIFETIME, PREFIX_VALID,
                                                                PREFIX_PREFERRED));
        });
    }

    /**
     * Time passed: the periodic RA, and a delegation whose valid lifetime ran out without a
     * Renew or Rebind is removed.
     *
     * @param now  epoch milliseconds
     * @param link the session
     */
    void tick(long now, Link link) {
        if (now - lastRa >= RA_INTERVAL_MILLIS) {
            advertise(now, link);
        }
        if (delegated != null && now >= leaseEnds) {
            release(link);
        }
    }

    /**
     * The session ended: its delegation's entries go.
     *
     * @param link the session
     */
    void end(Link link) {
        if (delegated != null) {
            release(link);
        }
    }

    /** The prefix delegated now, if any. */
    Optional<Ip6Prefix> delegated() {
        return Optional.ofNullable(delegated);
    }

    private void release(Link link) {
        Ip6Prefix gone = delegated;
        delegated = null;
        if (gone != null) {
            link.uninstall(gone);
        }
    }
}
