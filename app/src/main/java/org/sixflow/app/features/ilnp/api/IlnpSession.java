// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import org.onlab.packet.Ip6Address;

import java.util.List;
import java.util.Objects;

/**
 * A session between a site host and a correspondent, as the site's border router learned it from
 * its telemetry reports of the host's packets: who talks to whom, under which Nonce (RFC 6744;
 * only its length is shown, since it is what keeps off-path senders from moving the session), the
 * Locator Updates the router sent the correspondent for the host, and the correspondent's
 * locators as its own last update (under its Nonce) gave them.
 */
public final class IlnpSession {

    private final String site;
    private final Ip6Address host;
    private final Ip6Address correspondent;
    private final int nonceOctets;
    private final long firstSeenMillis;
    private final long lastSeenMillis;
    private final long updatesSent;
    private final long lastUpdateMillis;
    private final List<LocatorUpdate.Entry> lastAdvertised;
    private final List<LocatorUpdate.Entry> correspondentLocators;

    /**
     * Creates a session's view.
     *
     * @param site             site name
     * @param host             the host's address with the site's internal locator
     * @param correspondent    the correspondent's address as the host sends to it
     * @param nonceOctets      4 or 12
     * @param firstSeenMillis  when a report first showed it
     * @param lastSeenMillis   when a report last showed it
     * @param updatesSent      Locator Updates sent for it (copies included)
     * @param lastUpdateMillis when the last was sent, 0 if none
     * @param lastAdvertised   the locators the last one advertised, empty if none
     * @param correspondentLocators the locators the correspondent's last accepted update
     *                              advertised, empty if none
     */
    public IlnpSession(String site, Ip6Address host, Ip6Address correspondent, int nonceOctets, long firstSeenMillis,
                       long lastSeenMillis, long updatesSent, long lastUpdateMillis,
                       List<LocatorUpdate.Entry> lastAdvertised, List<LocatorUpdate.Entry> correspondentLocators) {
        this.site = Objects.requireNonNull(site);
        this.host = Objects.requireNonNull(host);
        this.correspondent = Objects.requireNonNull(correspondent);
        this.nonceOctets = nonceOctets;
        this.firstSeenMillis = firstSeenMillis;
        this.lastSeenMillis = lastSeenMillis;
        this.updatesSent = updatesSent;
        this.lastUpdateMillis = lastUpdateMillis;
        this.lastAdvertised = List.copyOf(lastAdvertised);
        this.correspondentLocators = List.copyOf(correspondentLocators);
    }

    /** The site's name. */
    public String site() {
        return site;
    }

    /** The host's address with the site's internal locator. */
    public Ip6Address host() {
        return host;
    }

    /** The correspondent's address as the host sends to it. */
    public Ip6Address correspondent() {
        return correspondent;
    }

    /** The Nonce's length: 4 or 12 octets. */
    public int nonceOctets() {
        return nonceOctets;
    }

    /** When a report first showed it. */
    public long firstSeenMillis() {
        return firstSeenMillis;
    }

    /** When a report last showed it. */
    public long lastSeenMillis() {
        return lastSeenMillis;
    }

    /** Locator Updates sent for it, copies included. */
    public long updatesSent() {
        return updatesSent;
    }

    /** When the last was sent; 0 if none. */
    public long lastUpdateMillis() {
        return lastUpdateMillis;
    }

    /** What the last one advertised; empty if none. */
    public List<LocatorUpdate.Entry> lastAdvertised() {
        return lastAdvertised;
    }

    /** What the correspondent's last accepted Locator Update advertised; empty if none. */
    public List<LocatorUpdate.Entry> correspondentLocators() {
        return correspondentLocators;
    }

    @Override
    public String toString() {
        return site + ": " + host + " <-> " + correspondent + " (" + updatesSent + " updates sent)";
    }
}
