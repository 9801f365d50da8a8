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
    private final Optional<Instant> lastResponse;

    /**
     * A path as last seen.
     *
     * @param device       the decap device the echoes go from
     * @param n3Address    its N3 address
     * @param peerAddress  the peer
     * @param state        what the echoes say
     * @param requestsSent Echo Requests sent on it
     * @param responses    Echo Responses matched to them
     * @param missed       requests unanswered since the last answer
     * @param lastResponse when the last response came
     */
    public GtpuPath(DeviceId device, Ip6Address n3Address, Ip6Address peerAddress, State state, long requestsSent,
                    long responses, int missed, Optional<Instant> lastResponse) {
        this.device = checkNotNull(device);
        this.n3Address = checkNotNull(n3Address);
        this.peerAddress = checkNotNull(peerAddress);
        this.state = checkNotNull(state);
        this.requestsSent = requestsSent;
        this.responses = responses;
        this.missed = missed;
        this.lastResponse = checkNotNull(lastResponse);
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

    public long requestsSent() {
        return requestsSent;
    }

    public long responses() {
        return responses;
    }

    public int missed() {
        return missed;
    }

    public Optional<Instant> lastResponse() {
        return lastResponse;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof GtpuPath)) {
            return false;
        }
        GtpuPath p = (GtpuPath) o;
        return device.equals(p.device) && n3Address.equals(p.n3Address) && peerAddress.equals(p.peerAddress)
                && state == p.state && requestsSent == p.requestsSent && responses == p.responses
                && missed == p.missed && lastResponse.equals(p.lastResponse);
    }

    @Override
    public int hashCode() {
        return Objects.hash(device, n3Address, peerAddress, state, requestsSent, responses, missed, lastResponse);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("device", device).add("n3Address", n3Address)
                .add("peerAddress", peerAddress).add("state", state).add("requestsSent", requestsSent)
                .add("responses", responses).add("missed", missed).add("lastResponse", lastResponse).toString();
    }
}
