// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.Ip4Address;
import org.sixflow.app.features.bng.api.BngSessionState;

import java.util.Arrays;
import java.util.Optional;

/**
 * Follows one PPPoE session from the control packets the relay carries, in RFC 1661's phases:
 * LCP opens when each side has acknowledged the other's Configure-Request (a Configure-Ack in
 * each direction); authentication is the one the subscriber acknowledged in the server's LCP
 * request (Authentication-Protocol: PAP or CHAP) and passes with the server's PAP
 * Authenticate-Ack or CHAP Success; IPCP and IPv6CP open like LCP, and the server's Configure-Ack
 * carries the subscriber's IP-Address or Interface-Identifier. The session is up when LCP is
 * open, authentication passed (or none was asked) and IPCP or IPv6CP is open; it ends with a PADT
 * or LCP Terminate either way, a refused authentication, echo loss (Echo-Requests unanswered for
 * the configured intervals) or silence before it came up. Not thread-safe: the relay's work
 * thread drives it.
 */
final class BngSessionMachine {

    /** Which way a packet went. */
    enum Direction {
        FROM_SUBSCRIBER, FROM_SERVER
    }

    /** What a packet changed for the data plane. */
    enum Change {
        /** Nothing to write. */
        NONE,
        /** The session came up: install its entries. */
        UP,
        /** Up, and another address family opened: install its entries too. */
        ADDRESSES,
        /** Ended: remove its entries. */
        ENDED
    }

    private BngSessionState state = BngSessionState.LINK;
    private boolean lcpAckedBySubscriber;
    private boolean lcpAckedByServer;
    private int authProtocol;
    private boolean authenticated;
    private boolean ipcpAckedBySubscriber;
    private boolean ipcpAckedByServer;
    private boolean ipv6cpAckedBySubscriber;
    private boolean ipv6cpAckedByServer;
    private boolean ipv4Up;
    private boolean ipv6Up;
    private Ip4Address ipv4;
    private byte[] interfaceId;
    private String user;
    private String endReason;
    private long lastHeardMillis;
    private long echoUnansweredSinceMillis = -1;

    /**
     * Starts following a session that PADS gave an id.
     *
     * @param nowMillis when
     */
    BngSessionMachine(long nowMillis) {
        this.lastHeardMillis = nowMillis;
    }

    /**
     * Takes a control packet the relay carried.
     *
     * @param direction which way
     * @param packet    the packet
     * @param nowMillis when
     * @return what changed for the data plane
     */
    Change onControl(Direction direction, PppControl packet, long nowMillis) {
        if (state == BngSessionState.ENDED) {
            return Change.NONE;
        }
        lastHeardMillis = nowMillis;
        boolean fromServer = direction == Direction.FROM_SERVER;
        String side = fromServer ? "server" : "subscriber";
        int code = packet.code();
        switch (packet.protocol()) {
            case PppControl.LCP:
                if (code == PppControl.CONFIGURE_ACK) {
                    if (fromServer) {
                        lcpAckedByServer = true;
                    } else {
                        lcpAckedBySubscriber = true;
                        // The subscriber acknowledges the server's options: what authentication it must pass.
                        authProtocol = packet.option(PppControl.LCP_AUTHENTICATION_PROTOCOL)
                                .map(o -> (o.value[0] & 0xff) << 8 | o.value[1] & 0xff).orElse(0);
                    }
                } else if (code == PppControl.TERMINATE_REQUEST || code == PppControl.TERMINATE_ACK) {
                    return end("LCP " + (code == PppControl.TERMINATE_REQUEST ? "Terminate-Request" : "Terminate-Ack")
                                       + " from the " + side);
                } else if (code == PppControl.ECHO_REQUEST) {
                    if (echoUnansweredSinceMillis < 0) {
                        echoUnansweredSinceMillis = nowMillis;
                    }
                } else if (code == PppControl.ECHO_REPLY) {
                    echoUnansweredSinceMillis = -1;
                }
                break;
            case PppControl.PAP:
                if (!fromServer && code == PppControl.PAP_REQUEST) {
                    user = packet.peerName().orElse(user);
                } else if (fromServer && code == PppControl.PAP_ACK) {
                    authenticated = true;
                } else if (fromServer && code == PppControl.PAP_NAK) {
                    return end("PAP Authenticate-Nak from the server");
                }
                break;
            case PppControl.CHAP:
                if (!fromServer && code == PppControl.CHAP_RESPONSE) {
                    user = packet.peerName().orElse(user);
                } else if (fromServer && code == PppControl.CHAP_SUCCESS) {
                    authenticated = true;
                } else if (fromServer && code == PppControl.CHAP_FAILURE) {
                    return end("CHAP Failure from the server");
                }
                break;
            case PppControl.IPCP:
                if (code == PppControl.CONFIGURE_ACK && fromServer) {
                    ipcpAckedByServer = true;
                    packet.option(PppControl.IPCP_IP_ADDRESS)
                            .ifPresent(o -> ipv4 = Ip4Address.valueOf(o.value));
                } else if (code == PppControl.CONFIGURE_ACK) {
                    ipcpAckedBySubscriber = true;
                }
                break;
            case PppControl.IPV6CP:
                if (code == PppControl.CONFIGURE_ACK && fromServer) {
                    ipv6cpAckedByServer = true;
                    packet.option(PppControl.IPV6CP_INTERFACE_IDENTIFIER).ifPresent(o -> interfaceId = o.value.clone());
                } else if (code == PppControl.CONFIGURE_ACK) {
                    ipv6cpAckedBySubscriber = true;
                }
                break;
            default:
                break;
        }
        return advance();
    }

    /**
     * A PADT for this session went one way.
     *
     * @param direction which way
     * @return ENDED, or NONE if it had ended
     */
    Change onPadt(Direction direction) {
        return end("PADT from the " + (direction == Direction.FROM_SERVER ? "server" : "subscriber"));
    }

    /**
     * Time passed: echo loss or silence ends the session.
     *
     * @param nowMillis          now
     * @param echoIntervalMillis the configured echo interval
     * @param misses             intervals allowed without an Echo-Reply
     * @return ENDED, or NONE
     */
    Change onTick(long nowMillis, long echoIntervalMillis, int misses) {
        if (state == BngSessionState.ENDED) {
            return Change.NONE;
        }
        long allowed = echoIntervalMillis * misses;
        if (echoUnansweredSinceMillis >= 0 && nowMillis - echoUnansweredSinceMillis >= allowed) {
            return end("echo loss: no LCP Echo-Reply for " + misses + " x " + echoIntervalMillis / 1000 + " s");
        }
        if (state != BngSessionState.UP && nowMillis - lastHeardMillis >= allowed) {
            return end("no control frame for " + allowed / 1000 + " s before the session came up");
        }
        return Change.NONE;
    }

    /**
     * Ends the session (idempotent).
     *
     * @param reason why
     * @return ENDED, or NONE if it had ended
     */
    Change end(String reason) {
        if (state == BngSessionState.ENDED) {
            return Change.NONE;
        }
        state = BngSessionState.ENDED;
        endReason = reason;
        return Change.ENDED;
    }

    private Change advance() {
        boolean lcpOpen = lcpAckedByServer && lcpAckedBySubscriber;
        if (!lcpOpen) {
            return Change.NONE;
        }
        if (authProtocol != 0 && !authenticated) {
            state = BngSessionState.AUTHENTICATING;
            return Change.NONE;
        }
        boolean v4 = ipcpAckedByServer && ipcpAckedBySubscriber && ipv4 != null;
        boolean v6 = ipv6cpAckedByServer && ipv6cpAckedBySubscriber && interfaceId != null;
        if (!v4 && !v6) {
            state = BngSessionState.NETWORK;
            return Change.NONE;
        }
        boolean wasUp = state == BngSessionState.UP;
        boolean more = v4 != ipv4Up || v6 != ipv6Up;
        ipv4Up = v4;
        ipv6Up = v6;
        state = BngSessionState.UP;
        if (!wasUp) {
            return Change.UP;
        }
        return more ? Change.ADDRESSES : Change.NONE;
    }

    BngSessionState state() {
        return state;
    }

    /** The subscriber's IPv4 address, once IPCP opened. */
    Optional<Ip4Address> ipv4() {
        return ipv4Up ? Optional.ofNullable(ipv4) : Optional.empty();
    }

    /** The subscriber's IPv6 interface identifier (8 octets), once IPv6CP opened. */
    Optional<byte[]> interfaceId() {
        return ipv6Up ? Optional.of(interfaceId.clone()) : Optional.empty();
    }

    /** The authentication protocol the subscriber agreed to (0xc023, 0xc223), 0 for none. */
    int authProtocol() {
        return authProtocol;
    }

    Optional<String> user() {
        return Optional.ofNullable(user);
    }

    Optional<String> endReason() {
        return Optional.ofNullable(endReason);
    }

    @Override
    public String toString() {
        return state + (interfaceId == null ? "" : " " + Arrays.toString(interfaceId));
    }
}
