// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import org.onosproject.net.ConnectPoint;

import java.util.Objects;
import java.util.Optional;

/**
 * A protocol's failover trial: the longest time without a ping reply around the uplink's failure
 * (absent when no reply came after it), how many pings were answered, and a note.
 */
public final class FailoverResult {

    private final MultihomingProtocol protocol;
    private final ConnectPoint uplink;
    private final double afterSeconds;
    private final Double repairMs;
    private final int probesSent;
    private final int probesAnswered;
    private final String note;

    /**
     * Creates a result.
     *
     * @param protocol       the protocol
     * @param uplink         the uplink that failed
     * @param afterSeconds   how far in it failed
     * @param repairMs       the longest time without a reply, ms; null when none came after the failure
     * @param probesSent     pings sent
     * @param probesAnswered pings answered
     * @param note           what happened, in words
     */
    public FailoverResult(MultihomingProtocol protocol, ConnectPoint uplink, double afterSeconds, Double repairMs,
                          int probesSent, int probesAnswered, String note) {
        this.protocol = Objects.requireNonNull(protocol);
        this.uplink = Objects.requireNonNull(uplink);
        this.afterSeconds = afterSeconds;
        this.repairMs = repairMs;
        this.probesSent = probesSent;
        this.probesAnswered = probesAnswered;
        this.note = note == null ? "" : note;
    }

    public MultihomingProtocol protocol() {
        return protocol;
    }

    public ConnectPoint uplink() {
        return uplink;
    }

    public double afterSeconds() {
        return afterSeconds;
    }

    /** The time without traffic, ms. */
    public Optional<Double> repairMs() {
        return Optional.ofNullable(repairMs);
    }

    public int probesSent() {
        return probesSent;
    }

    public int probesAnswered() {
        return probesAnswered;
    }

    public String note() {
        return note;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FailoverResult)) {
            return false;
        }
        FailoverResult that = (FailoverResult) o;
        return protocol == that.protocol && uplink.equals(that.uplink) && afterSeconds == that.afterSeconds
                && Objects.equals(repairMs, that.repairMs) && probesSent == that.probesSent
                && probesAnswered == that.probesAnswered && note.equals(that.note);
    }

    @Override
    public int hashCode() {
        return Objects.hash(protocol, uplink, repairMs, probesSent, probesAnswered);
    }
}
