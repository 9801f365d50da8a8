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
import java.util.Optional;
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
        Ip6Address correspondent;
        byte[] nonce;
        /** The correspondent's Nonce, from a report of its packets coming in; null until one. */
        byte[] correspondentNonce;
        /** What the correspondent's last accepted Locator Update advertised; empty until one. */
        List<LocatorUpdate.Entry> correspondentLocators = List.of();
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
     * Notes the correspondent's Nonce from a report of its packet coming into the site; only for
     * a session the host's own packets made.
     *
     * @param site          site name
     * @param host          the host's address with the site's internal locator
     * @param correspondent the source as the correspondent sent it
     * @param nonce         the Nonce the packet carried
     * @return whether a session took it
     */
    synchronized boolean learnInbound(String site, Ip6Address host, Ip6Address correspondent, byte[] nonce) {
        LinkedHashMap<Key, Session> sessions = sites.get(site);
        Session session = sessions == null ? null
                : sessions.get(new Key(ReportedIlnpPacket.half(host.toOctets(), false), correspondent));
        if (session == null) {
            return false;
        }
        session.correspondentNonce = nonce.clone();
        return true;
    }

    /**
     * Takes a correspondent's Locator Update advertisement for a site host (RFC 6743): for the
     * session between them whose correspondent Nonce it carries (RFC 6744: an update under
     * another Nonce, or for a session whose Nonce no report has shown, changes nothing), the
     * correspondent's locators become the advertised ones, and its address the preferred one's
     * (the lowest preference among those with a lifetime, the first of equals), where the
     * border router's own updates go from then on.
     *
     * @param site                    site name
     * @param hostIdentifier          the host's identifier
     * @param correspondentIdentifier the correspondent's identifier
     * @param nonce                   the update's Nonce
     * @param entries                 what it advertised
     * @return whether a session took it
     */
    synchronized boolean moved(String site, long hostIdentifier, long correspondentIdentifier, byte[] nonce,
                               List<LocatorUpdate.Entry> entries) {
        LinkedHashMap<Key, Session> sessions = sites.get(site);
        if (sessions == null) {
            return false;
        }
        Map.Entry<Key, Session> found = null;
        for (Map.Entry<Key, Session> e : sessions.entrySet()) {
            Session s = e.getValue();
            if (s.hostIdentifier == hostIdentifier
                    && ReportedIlnpPacket.half(s.correspondent.toOctets(), false) == correspondentIdentifier
                    && s.correspondentNonce != null && Arrays.equals(s.correspondentNonce, nonce)) {
                found = e;
                break;
            }
        }
        if (found == null) {
            return false;
        }
        Session session = found.getValue();
        session.correspondentLocators = List.copyOf(entries);
        Optional<LocatorUpdate.Entry> preferred = entries.stream().filter(e -> e.lifetime() > 0)
                .min(Comparator.comparingInt(LocatorUpdate.Entry::preference));
        if (preferred.isPresent()) {
            byte[] address = session.correspondent.toOctets();
            long locator = preferred.get().locator();
            for (int i = 0; i < 8; i++) {
                address[i] = (byte) (locator >>> (56 - 8 * i));
            }
            Ip6Address now = Ip6Address.valueOf(address);
            if (!now.equals(session.correspondent)) {
                sessions.remove(found.getKey());
                session.correspondent = now;
                sessions.put(new Key(hostIdentifier, now), session);
            }
        }
        return true;
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
                copy.correspondentNonce = s.correspondentNonce;
                copy.correspondentLocators = s.correspondentLocators;
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
                                          s.updatesSent, s.lastUpdate, s.lastAdvertised, s.correspondentLocators))
                .collect(Collectors.toList());
    }
}
