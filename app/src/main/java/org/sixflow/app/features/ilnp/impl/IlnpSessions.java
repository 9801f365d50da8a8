// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onlab.packet.Ip6Address;
import org.sixflow.app.features.ilnp.api.IlnpSession;
import org.sixflow.app.features.ilnp.api.LocatorUpdate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The sessions a site's border router showed the controller, per site: keyed by the host's
 * identifier and the correspondent's address, each with the Nonce the host last sent under
 * (a host that starts a new session with the same correspondent sends a new one, which replaces
 * it). At most {@link #MAX_PER_SITE} a site: a new one then replaces the one seen least lately,
 * so a flood of spoofed sources costs the controller bounded memory, never the live sessions
 * (those keep being seen).
 */
final class IlnpSessions {

    static final int MAX_PER_SITE = 4096;

    /** One session, mutable under the cache's lock. */
    static final class Session {
        final Ip6Address host;
        final long hostIdentifier;
        final Ip6Address correspondent;
        byte[] nonce;
        final long firstSeen;
        long lastSeen;
        long updatesSent;
        long lastUpdate;
        List<LocatorUpdate.Entry> lastAdvertised = List.of();

        Session(Ip6Address host, long hostIdentifier, Ip6Address correspondent, byte[] nonce, long now) {
            this.host = host;
            this.hostIdentifier = hostIdentifier;
            this.correspondent = correspondent;
            this.nonce = nonce;
            this.firstSeen = now;
            this.lastSeen = now;
        }
    }

    private static final class Key {
        final long hostIdentifier;
        final Ip6Address correspondent;

        Key(long hostIdentifier, Ip6Address correspondent) {
            this.hostIdentifier = hostIdentifier;
            this.correspondent = correspondent;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key && ((Key) o).hostIdentifier == hostIdentifier
                    && ((Key) o).correspondent.equals(correspondent);
        }

        @Override
        public int hashCode() {
            return Objects.hash(hostIdentifier, correspondent);
        }
    }

    private final Map<String, LinkedHashMap<Key, Session>> sites = new HashMap<>();
    private final Map<String, Long> sent = new HashMap<>();

    /**
     * Notes that a report showed a host's packet to a correspondent.
     *
     * @param site          site name
     * @param host          the host's address with the site's internal locator
     * @param correspondent the destination as the host sent it
     * @param nonce         the Nonce the packet carried
     * @param now           when, in ms
     */
    synchronized void learn(String site, Ip6Address host, Ip6Address correspondent, byte[] nonce, long now) {
        long identifier = ReportedIlnpPacket.half(host.toOctets(), false);
        // Access order: the first entry is the session seen least lately.
        LinkedHashMap<Key, Session> sessions = sites.computeIfAbsent(site, s -> new LinkedHashMap<>(16, 0.75f, true));
        Key key = new Key(identifier, correspondent);
        Session session = sessions.get(key);
        if (session == null) {
            if (sessions.size() >= MAX_PER_SITE) {
                Key eldest = sessions.keySet().iterator().next();
                sessions.remove(eldest);
            }
            sessions.put(key, new Session(host, identifier, correspondent, nonce.clone(), now));
            return;
        }
        if (!Arrays.equals(session.nonce, nonce)) {
            session.nonce = nonce.clone();
        }
        session.lastSeen = Math.max(session.lastSeen, now);
    }

    /**
     * Returns copies of a site's sessions seen since a time, most recently seen first.
     *
     * @param site  site name
     * @param since ms
     * @return the sessions
     */
    synchronized List<Session> seenSince(String site, long since) {
        LinkedHashMap<Key, Session> sessions = sites.get(site);
        if (sessions == null) {
            return List.of();
        }
        List<Session> seen = new ArrayList<>();
        for (Session s : sessions.values()) {
            if (s.lastSeen >= since) {
                Session copy = new Session(s.host, s.hostIdentifier, s.correspondent, s.nonce.clone(), s.firstSeen);
                copy.lastSeen = s.lastSeen;
                copy.updatesSent = s.updatesSent;
                copy.lastUpdate = s.lastUpdate;
                copy.lastAdvertised = s.lastAdvertised;
                seen.add(copy);
            }
        }
        seen.sort(Comparator.comparingLong((Session s) -> s.lastSeen).reversed());
        return seen;
    }

    /**
     * Notes a Locator Update sent for a session.
     *
     * @param site     site name
     * @param session  the session (as {@link #seenSince} gave it)
     * @param entries  what it advertised
     * @param now      when, in ms
     */
    synchronized void sent(String site, Session session, List<LocatorUpdate.Entry> entries, long now) {
        sent.merge(site, 1L, Long::sum);
        LinkedHashMap<Key, Session> sessions = sites.get(site);
        Session s = sessions == null ? null : sessions.get(new Key(session.hostIdentifier, session.correspondent));
        if (s != null) {
            s.updatesSent++;
            s.lastUpdate = now;
            s.lastAdvertised = List.copyOf(entries);
        }
    }

    synchronized long sent(String site) {
        return sent.getOrDefault(site, 0L);
    }

    /** Forgets a removed site's sessions. */
    synchronized void forget(String site) {
        sites.remove(site);
        sent.remove(site);
    }

    /**
     * Returns a site's sessions seen since a time as the API shows them.
     *
     * @param site  site name
     * @param since ms
     * @return the views, most recently seen first
     */
    List<IlnpSession> view(String site, long since) {
        return seenSince(site, since).stream()
                .map(s -> new IlnpSession(site, s.host, s.correspondent, s.nonce.length, s.firstSeen, s.lastSeen,
                                          s.updatesSent, s.lastUpdate, s.lastAdvertised))
                .collect(Collectors.toList());
    }
}
