// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.sixflow.app.features.bng.impl.Dhcpv6Message.Option;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import static org.sixflow.app.features.bng.impl.Dhcpv6Message.ADVERTISE;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.CONFIRM;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.DECLINE;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.INFORMATION_REQUEST;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.OPTION_CLIENTID;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.OPTION_IA_NA;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.OPTION_IA_PD;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.OPTION_RAPID_COMMIT;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.OPTION_SERVERID;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.REBIND;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.RELEASE;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.RENEW;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.REPLY;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.REQUEST;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.SOLICIT;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.STATUS_NO_ADDRS_AVAIL;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.STATUS_NO_PREFIX_AVAIL;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.STATUS_SUCCESS;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.encode;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.iaPd;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.iaPrefix;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.iaid;
import static org.sixflow.app.features.bng.impl.Dhcpv6Message.status;

/**
 * The BNG's DHCPv6 server for one session, delegating prefixes only (RFC 8415 server side, IA_PD;
 * no addresses: the subscriber's own comes from the /64 the RA advertises). The session's client
 * gets the line's delegated prefix in its first IA_PD; a message is answered, or ignored with the
 * reason, as RFC 8415 16 says a server validates it: a Solicit without a Client Identifier or with
 * a Server Identifier, a Request, Renew or Release whose Server Identifier is not this server's,
 * a Rebind with one.
 */
final class PrefixDelegationServer {

    /** Lifetimes, seconds: valid 2 h, preferred 1 h, renew at half of it, rebind at 0.8 (21.21). */
    static final int VALID = 7200;
    static final int PREFERRED = 3600;
    static final int T1 = PREFERRED / 2;
    static final int T2 = PREFERRED * 4 / 5;

    /** What a client's message leads to. */
    static final class Answer {
        /** The DHCPv6 message to send back, if any. */
        final Optional<Dhcpv6Message> reply;
        /** The prefix now bound to the client (entries wanted), if any. */
        final Optional<Ip6Prefix> bound;
        /** Whether the client gave its prefix back (entries no longer wanted). */
        final boolean released;
        /** Why nothing was answered, if nothing was. */
        final Optional<String> ignored;

        private Answer(Dhcpv6Message reply, Ip6Prefix bound, boolean released, String ignored) {
            this.reply = Optional.ofNullable(reply);
            this.bound = Optional.ofNullable(bound);
            this.released = released;
            this.ignored = Optional.ofNullable(ignored);
        }

        static Answer ignore(String why) {
            return new Answer(null, null, false, why);
        }
    }

    private final byte[] serverDuid;

    /**
     * Creates the server of a BNG.
     *
     * @param bngMac the BNG's MAC: its DUID is DUID-LL of it (11.4), stable for the device
     */
    PrefixDelegationServer(MacAddress bngMac) {
        this.serverDuid = ByteBuffer.allocate(10).putShort((short) 3).putShort((short) 1).put(bngMac.toBytes())
                .array();
    }

    byte[] duid() {
        return serverDuid.clone();
    }

    /**
     * Answers a client's message.
     *
     * @param message the message
     * @param offer   the prefix the session's line may have, if any
     * @param bind    installs a prefix's entries; false when the data plane refused them
     * @return the answer
     * @throws MalformedFrameException for an IA_PD that is cut
     */
    Answer answer(Dhcpv6Message message, Optional<Ip6Prefix> offer, Predicate<Ip6Prefix> bind)
            throws MalformedFrameException {
        Optional<Option> client = message.option(OPTION_CLIENTID);
        Optional<Option> server = message.option(OPTION_SERVERID);
        boolean ours = server.isPresent() && Arrays.equals(server.get().value, serverDuid);
        switch (message.type) {
            case SOLICIT:
                if (client.isEmpty() || server.isPresent()) {
                    return Answer.ignore("Solicit without a Client Identifier or with a Server Identifier");
                }
                if (message.option(OPTION_RAPID_COMMIT).isPresent()) {
                    return delegate(message, client.get(), REPLY, offer, bind, true);
                }
                return delegate(message, client.get(), ADVERTISE, offer, p -> true, false);
            case REQUEST:
            case RENEW:
                if (client.isEmpty() || !ours) {
                    return Answer.ignore(name(message.type) + " for another server or without a Client Identifier");
                }
                return delegate(message, client.get(), REPLY, offer, bind, false);
            case REBIND:
                if (client.isEmpty() || server.isPresent()) {
                    return Answer.ignore("Rebind without a Client Identifier or with a Server Identifier");
                }
                return delegate(message, client.get(), REPLY, offer, bind, false);
            case RELEASE:
                if (client.isEmpty() || !ours) {
                    return Answer.ignore("Release for another server or without a Client Identifier");
                }
                return new Answer(reply(message, client.get(), List.of(
                        status(STATUS_SUCCESS, "released"))), null, true, null);
            case INFORMATION_REQUEST:
                if (server.isPresent() && !ours) {
                    return Answer.ignore("Information-request for another server");
                }
                List<Option> options = new ArrayList<>();
                client.ifPresent(options::add);
                options.add(new Option(OPTION_SERVERID, serverDuid));
                return new Answer(new Dhcpv6Message(REPLY, message.transactionId, options), null, false, null);
            default:
                // Confirm and Decline concern addresses (IA_NA/IA_TA), which this server gives none of.
                return Answer.ignore(name(message.type) + " is not answered by a prefix-delegating server");
        }
    }

    /** Advertise or Reply: each IA_PD answered (the first gets the offer), an IA_NA told NoAddrsAvail. */
    private Answer delegate(Dhcpv6Message message, Option client, int type, Optional<Ip6Prefix> offer,
                            Predicate<Ip6Prefix> bind, boolean rapidCommit) throws MalformedFrameException {
        List<Option> iaPds = message.all(OPTION_IA_PD);
        if (iaPds.isEmpty() && message.all(OPTION_IA_NA).isEmpty()) {
            return Answer.ignore(name(message.type) + " asks for no prefix");
        }
        List<Option> options = new ArrayList<>();
        Ip6Prefix bound = null;
        for (Option iaPd : iaPds) {
            int iaid = iaid(iaPd);
            if (bound == null && offer.isPresent() && bind.test(offer.get())) {
                bound = offer.get();
                options.add(iaPd(iaid, T1, T2, List.of(iaPrefix(PREFERRED, VALID, bound))));
            } else {
                String why = offer.isEmpty() ? "no prefix is configured for this line"
                        : bound != null ? "one prefix per line" : "the data plane refused the prefix";
                options.add(iaPd(iaid, 0, 0, List.of(status(STATUS_NO_PREFIX_AVAIL, why))));
            }
        }
        for (Option iaNa : message.all(OPTION_IA_NA)) {
            if (iaNa.value.length < 12) {
                throw new MalformedFrameException("IA_NA of " + iaNa.value.length + " octets (at least 12)");
            }
            byte[] status = encode(status(STATUS_NO_ADDRS_AVAIL, "prefixes only"));
            options.add(new Option(OPTION_IA_NA, ByteBuffer.allocate(12 + status.length).put(iaNa.value, 0, 4)
                    .putInt(0).putInt(0).put(status).array()));
        }
        if (rapidCommit) {
            options.add(new Option(OPTION_RAPID_COMMIT, new byte[0]));
        }
        Dhcpv6Message reply = reply(message, client, options);
        return new Answer(new Dhcpv6Message(type, reply.transactionId, reply.options),
                          type == REPLY ? bound : null, false, null);
    }

    private Dhcpv6Message reply(Dhcpv6Message to, Option client, List<Option> rest) {
        List<Option> options = new ArrayList<>();
        options.add(client);
        options.add(new Option(OPTION_SERVERID, serverDuid));
        options.addAll(rest);
        return new Dhcpv6Message(REPLY, to.transactionId, options);
    }

    static String name(int type) {
        switch (type) {
            case SOLICIT: return "Solicit";
            case ADVERTISE: return "Advertise";
            case REQUEST: return "Request";
            case CONFIRM: return "Confirm";
            case RENEW: return "Renew";
            case REBIND: return "Rebind";
            case REPLY: return "Reply";
            case RELEASE: return "Release";
            case DECLINE: return "Decline";
            case INFORMATION_REQUEST: return "Information-request";
            default: return "DHCPv6 message type " + type;
        }
    }
}
