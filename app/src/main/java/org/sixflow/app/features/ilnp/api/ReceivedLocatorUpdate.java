// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;

import java.util.Objects;

/**
 * A Locator Update a site's border router received: when, where, between whom, what it said
 * and what became of it.
 */
public final class ReceivedLocatorUpdate {

    private final long receivedMillis;
    private final ConnectPoint receivedFrom;
    private final Ip6Address source;
    private final Ip6Address destination;
    private final LocatorUpdate message;
    private final LocatorUpdateOutcome outcome;

    /**
     * Creates the record.
     *
     * @param receivedMillis when, ms since the epoch
     * @param receivedFrom   the port it came in by
     * @param source         its IPv6 source as received
     * @param destination    its IPv6 destination as received
     * @param message        the message
     * @param outcome        what became of it
     */
    public ReceivedLocatorUpdate(long receivedMillis, ConnectPoint receivedFrom, Ip6Address source,
                                 Ip6Address destination, LocatorUpdate message, LocatorUpdateOutcome outcome) {
        this.receivedMillis = receivedMillis;
        this.receivedFrom = Objects.requireNonNull(receivedFrom);
        this.source = Objects.requireNonNull(source);
        this.destination = Objects.requireNonNull(destination);
        this.message = Objects.requireNonNull(message);
        this.outcome = Objects.requireNonNull(outcome);
    }

    /** When, ms since the epoch. */
    public long receivedMillis() {
        return receivedMillis;
    }

    /** The port it came in by. */
    public ConnectPoint receivedFrom() {
        return receivedFrom;
    }

    /** Its IPv6 source as received. */
    public Ip6Address source() {
        return source;
    }

    /** Its IPv6 destination as received. */
    public Ip6Address destination() {
        return destination;
    }

    /** The message. */
    public LocatorUpdate message() {
        return message;
    }

    /** What became of it. */
    public LocatorUpdateOutcome outcome() {
        return outcome;
    }

    @Override
    public String toString() {
        return source + " -> " + destination + " at " + receivedFrom + ": " + message + " (" + outcome + ")";
    }
}
