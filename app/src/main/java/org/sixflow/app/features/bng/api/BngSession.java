// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.api;

import org.onlab.packet.Ip4Address;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.sixflow.app.api.InstallStatus;

import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A PPPoE session as the relay follows it, at one moment: which line, its PPPoE session id,
 * the subscriber's and the server's MAC, its state, what PPP negotiated (user, IPv4 address,
 * IPv6 interface identifier), the /64 its IPv6 address is in (from the configuration: IPv6CP
 * gives only the interface identifier), why it ended, and whether its entries are installed.
 */
public final class BngSession {

    private final long id;
    private final BngLine line;
    private final int sessionId;
    private final MacAddress subscriberMac;
    private final MacAddress serverMac;
    private final BngSessionState state;
    private final String user;
    private final Ip4Address ipv4;
    private final Ip6Address ipv6;
    private final Ip6Prefix ipv6Prefix;
    private final Ip6Prefix delegatedPrefix;
    private final String endReason;
    private final InstallStatus status;
    private final long startedMillis;

    private BngSession(Builder b) {
        this.id = b.id;
        this.line = checkNotNull(b.line);
        this.sessionId = b.sessionId;
        this.subscriberMac = checkNotNull(b.subscriberMac);
        this.serverMac = checkNotNull(b.serverMac);
        this.state = checkNotNull(b.state);
        this.user = b.user;
        this.ipv4 = b.ipv4;
        this.ipv6 = b.ipv6;
        this.ipv6Prefix = b.ipv6Prefix;
        this.delegatedPrefix = b.delegatedPrefix;
        this.endReason = b.endReason;
        this.status = checkNotNull(b.status);
        this.startedMillis = b.startedMillis;
    }

    /** A builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** The controller's id of the session (REST, CLI). */
    public long id() {
        return id;
    }

    public BngLine line() {
        return line;
    }

    /** PPPoE's session id (1..65534). */
    public int sessionId() {
        return sessionId;
    }

    public MacAddress subscriberMac() {
        return subscriberMac;
    }

    public MacAddress serverMac() {
        return serverMac;
    }

    public BngSessionState state() {
        return state;
    }

    /** The PAP peer id or CHAP name the subscriber gave. */
    public Optional<String> user() {
        return Optional.ofNullable(user);
    }

    /** The address IPCP gave the subscriber. */
    public Optional<Ip4Address> ipv4() {
        return Optional.ofNullable(ipv4);
    }

    /** The subscriber's IPv6 address: its /64 and the interface identifier IPv6CP gave it. */
    public Optional<Ip6Address> ipv6() {
        return Optional.ofNullable(ipv6);
    }

    /** The subscriber's /64 (configured per line or from the pool). */
    public Optional<Ip6Prefix> ipv6Prefix() {
        return Optional.ofNullable(ipv6Prefix);
    }

    /** The prefix the BNG has delegated to the subscriber by DHCPv6, while its client holds it. */
    public Optional<Ip6Prefix> delegatedPrefix() {
        return Optional.ofNullable(delegatedPrefix);
    }

    public Optional<String> endReason() {
        return Optional.ofNullable(endReason);
    }

    /** Whether its entries are in the data plane: REQUESTED until up and written, INSTALLED, FAILED. */
    public InstallStatus status() {
        return status;
    }

    public long startedMillis() {
        return startedMillis;
    }

    /** Builds sessions. */
    public static final class Builder {
        private long id;
        private BngLine line;
        private int sessionId;
        private MacAddress subscriberMac;
        private MacAddress serverMac;
        private BngSessionState state = BngSessionState.LINK;
        private String user;
        private Ip4Address ipv4;
        private Ip6Address ipv6;
        private Ip6Prefix ipv6Prefix;
        private Ip6Prefix delegatedPrefix;
        private String endReason;
        private InstallStatus status = InstallStatus.REQUESTED;
        private long startedMillis;

        private Builder() {
        }

        public Builder id(long value) {
            id = value;
            return this;
        }

        public Builder line(BngLine value) {
            line = value;
            return this;
        }

        public Builder sessionId(int value) {
            sessionId = value;
            return this;
        }

        public Builder subscriberMac(MacAddress value) {
            subscriberMac = value;
            return this;
        }

        public Builder serverMac(MacAddress value) {
            serverMac = value;
            return this;
        }

        public Builder state(BngSessionState value) {
            state = value;
            return this;
        }

        public Builder user(String value) {
            user = value;
            return this;
        }

        public Builder ipv4(Ip4Address value) {
            ipv4 = value;
            return this;
        }

        public Builder ipv6(Ip6Address value) {
            ipv6 = value;
            return this;
        }

        public Builder delegatedPrefix(Ip6Prefix value) {
            delegatedPrefix = value;
            return this;
        }

        public Builder ipv6Prefix(Ip6Prefix value) {
            ipv6Prefix = value;
            return this;
        }

        public Builder endReason(String value) {
            endReason = value;
            return this;
        }

        public Builder status(InstallStatus value) {
            status = value;
            return this;
        }

        public Builder startedMillis(long value) {
            startedMillis = value;
            return this;
        }

        public BngSession build() {
            return new BngSession(this);
        }
    }
}
