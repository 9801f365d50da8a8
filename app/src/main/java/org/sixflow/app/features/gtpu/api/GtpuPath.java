// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import com.google.common.base.MoreObjects;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.DeviceId;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A GTP-U path in use (TS 29.281 section 7.2.1): between an N3 address of a decap device and a
 * tunnel's peer, as the controller's Echo Requests find it.
 */
public final class GtpuPath {

    /** What the echoes say of a path. */
    public enum State {
        /** No request answered yet, nor enough unanswered to call it down. */
        UNKNOWN,
        /** The last request was answered. */
        UP,
        /** Consecutive requests went unanswered: the peer or the way to it is gone. */
        DOWN
    }

    private final DeviceId device;
    private final Ip6Address n3Address;
    private final Ip6Address peerAddress;
    private final State state;
    private final long requestsSent;
    private final long responses;
    private final int missed;
    private final Optional<Instant> lastRequest;
    private final Optional<Instant> lastResponse;
    private final Optional<String> notEchoed;
    private final Optional<Instant> nextRequest;

    private GtpuPath(Builder b) {
        this.device = checkNotNull(b.device);
        this.n3Address = checkNotNull(b.n3Address);
        this.peerAddress = checkNotNull(b.peerAddress);
        this.state = checkNotNull(b.state);
        this.requestsSent = b.requestsSent;
        this.responses = b.responses;
        this.missed = b.missed;
        this.lastRequest = Optional.ofNullable(b.lastRequest);
        this.lastResponse = Optional.ofNullable(b.lastResponse);
        this.notEchoed = Optional.ofNullable(b.notEchoed);
        this.nextRequest = Optional.ofNullable(b.nextRequest);
    }

    /**
     * A path's builder: UNKNOWN, nothing sent or answered, until told otherwise.
     *
     * @param device      the decap device the echoes go from
     * @param n3Address   its N3 address
     * @param peerAddress the tunnel's peer
     * @return the builder
     */
    public static Builder builder(DeviceId device, Ip6Address n3Address, Ip6Address peerAddress) {
        return new Builder(device, n3Address, peerAddress);
    }

    public DeviceId device() {
        return device;
    }

    public Ip6Address n3Address() {
        return n3Address;
    }

    public Ip6Address peerAddress() {
        return peerAddress;
    }

    public State state() {
        return state;
    }

    /** Echo Requests sent on the path. */
    public long requestsSent() {
        return requestsSent;
    }

    /** Echo Responses matched to them. */
    public long responses() {
        return responses;
    }

    /** Requests unanswered since the last answer. */
    public int missed() {
        return missed;
    }

    /** When the last request went out. */
    public Optional<Instant> lastRequest() {
        return lastRequest;
    }

    /** When the last answer came. */
    public Optional<Instant> lastResponse() {
        return lastResponse;
    }

    /**
     * Why the last round sent the path no request (its device has no installed route to the peer,
     * or no valid Sixflow configuration; or no round has come since the path came into use); empty
     * when it did.
     */
    public Optional<String> notEchoed() {
        return notEchoed;
    }

    /**
     * When its device's master is next due to send the path a request, as that master last wrote
     * it (every instance says the same); empty until a round has visited the path. A time past
     * says the master's round is late, or that its device has no master echoing it now.
     */
    public Optional<Instant> nextRequest() {
        return nextRequest;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof GtpuPath)) {
            return false;
        }
        GtpuPath p = (GtpuPath) o;
        return device.equals(p.device) && n3Address.equals(p.n3Address) && peerAddress.equals(p.peerAddress)
                && state == p.state && requestsSent == p.requestsSent && responses == p.responses
                && missed == p.missed && lastRequest.equals(p.lastRequest) && lastResponse.equals(p.lastResponse)
                && notEchoed.equals(p.notEchoed) && nextRequest.equals(p.nextRequest);
    }

    @Override
    public int hashCode() {
        return Objects.hash(device, n3Address, peerAddress, state, requestsSent, responses, missed, lastRequest,
                            lastResponse, notEchoed, nextRequest);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("device", device).add("n3Address", n3Address)
                .add("peerAddress", peerAddress).add("state", state).add("requestsSent", requestsSent)
                .add("responses", responses).add("missed", missed).add("lastRequest", lastRequest)
                .add("lastResponse", lastResponse).add("notEchoed", notEchoed).add("nextRequest", nextRequest)
                .toString();
    }

    /** Builds a path as last seen. */
    public static final class Builder {
        private final DeviceId device;
        private final Ip6Address n3Address;
        private final Ip6Address peerAddress;
        private State state = State.UNKNOWN;
        private long requestsSent;
        private long responses;
        private int missed;
        private Instant lastRequest;
        private Instant lastResponse;
        private String notEchoed;
        private Instant nextRequest;

        private Builder(DeviceId device, Ip6Address n3Address, Ip6Address peerAddress) {
            this.device = device;
            this.n3Address = n3Address;
            this.peerAddress = peerAddress;
        }

        public Builder state(State state) {
            this.state = state;
            return this;
        }

        public Builder requestsSent(long requestsSent) {
            this.requestsSent = requestsSent;
            return this;
        }

        public Builder responses(long responses) {
            this.responses = responses;
            return this;
        }

        public Builder missed(int missed) {
            this.missed = missed;
            return this;
        }

        /** When the last request went out (null: never). */
        public Builder lastRequest(Instant lastRequest) {
            this.lastRequest = lastRequest;
            return this;
        }

        /** When the last answer came (null: never). */
        public Builder lastResponse(Instant lastResponse) {
            this.lastResponse = lastResponse;
            return this;
        }

        /** Why the last round sent no request (null: it sent one). */
        public Builder notEchoed(String notEchoed) {
            this.notEchoed = notEchoed;
            return this;
        }

        /** When the device's master is next due to send a request (null: not planned yet). */
        public Builder nextRequest(Instant nextRequest) {
            this.nextRequest = nextRequest;
            return this;
        }

        public GtpuPath build() {
            return new GtpuPath(this);
        }
    }
}
