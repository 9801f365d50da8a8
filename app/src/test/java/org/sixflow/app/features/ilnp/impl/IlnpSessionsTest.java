// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.sixflow.app.features.ilnp.api.IlnpSession;
import org.sixflow.app.features.ilnp.api.LocatorUpdate;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** The sessions a site's border router showed the controller. */
public class IlnpSessionsTest {

    private static final Ip6Address HOST = Ip6Address.valueOf("fd00:5:1:1::42");
    private static final Ip6Address CN = Ip6Address.valueOf("3fff:0:c:1::99");
    private final IlnpSessions sessions = new IlnpSessions();

    @Test
    public void aSessionIsKeptWithItsLatestNonceAndTimes() {
        sessions.learn("s", HOST, CN, new byte[]{1, 2, 3, 4}, 1000);
        sessions.learn("s", HOST, CN, new byte[]{1, 2, 3, 4}, 2000);
        List<IlnpSessions.Session> seen = sessions.seenSince("s", 0);
        assertEquals(1, seen.size());
        assertEquals(1000, seen.get(0).firstSeen);
        assertEquals(2000, seen.get(0).lastSeen);
        assertEquals(0x42, seen.get(0).hostIdentifier);
        // A new session with the same correspondent: its Nonce replaces the old one.
        sessions.learn("s", HOST, CN, new byte[12], 3000);
        assertArrayEquals(new byte[12], sessions.seenSince("s", 0).get(0).nonce);
        // A report that arrives late does not move the last sighting back.
        sessions.learn("s", HOST, CN, new byte[12], 2500);
        assertEquals(3000, sessions.seenSince("s", 0).get(0).lastSeen);
    }

    @Test
    public void onlySessionsSeenLatelyAreGivenMostRecentFirst() {
        sessions.learn("s", HOST, CN, new byte[4], 1000);
        sessions.learn("s", Ip6Address.valueOf("fd00:5:1:1::43"), CN, new byte[4], 5000);
        sessions.learn("other", HOST, CN, new byte[4], 5000);
        assertEquals(List.of("fd00:5:1:1::43"), sessions.seenSince("s", 2000).stream()
                .map(s -> s.host.toString()).collect(Collectors.toList()));
        assertEquals(List.of("fd00:5:1:1::43", "fd00:5:1:1::42"), sessions.view("s", 0).stream()
                .map(v -> v.host().toString()).collect(Collectors.toList()));
        assertTrue(sessions.seenSince("none", 0).isEmpty());
    }

    @Test
    public void aFullSiteGivesUpTheSessionSeenLeastLately() {
        for (int i = 0; i < IlnpSessions.MAX_PER_SITE; i++) {
            sessions.learn("s", HOST, Ip6Address.valueOf("3fff:0:c:1::" + Integer.toHexString(i + 1)), new byte[4], i);
        }
        // The first one is seen again: the second is now the one seen least lately.
        sessions.learn("s", HOST, Ip6Address.valueOf("3fff:0:c:1::1"), new byte[4], 10_000);
        sessions.learn("s", HOST, Ip6Address.valueOf("3fff:0:c:2::1"), new byte[4], 10_001);
        List<String> kept = sessions.seenSince("s", 0).stream().map(s -> s.correspondent.toString())
                .collect(Collectors.toList());
        assertEquals(IlnpSessions.MAX_PER_SITE, kept.size());
        assertTrue(kept.contains("3fff:0:c:1::1"));
        assertTrue(kept.contains("3fff:0:c:2::1"));
        assertTrue(!kept.contains("3fff:0:c:1::2"));
    }

    @Test
    public void aCorrespondentsUpdateUnderItsOwnNonceMovesTheSessionAndNoOtherDoes() {
        sessions.learn("s", HOST, CN, new byte[]{1, 2, 3, 4}, 1000);
        byte[] theirs = {9, 9, 9, 9};
        List<LocatorUpdate.Entry> to = List.of(new LocatorUpdate.Entry(0x3fff_0000_000d_0001L, 10, 600),
                                               new LocatorUpdate.Entry(0x3fff_0000_000c_0001L, 20, 600));
        // No Nonce of the correspondent's seen yet: nothing moves.
        assertFalse(sessions.moved("s", 0x42, 0x99, theirs, to));
        // Its Nonce comes only from the session's own correspondent address.
        assertFalse(sessions.learnInbound("s", HOST, Ip6Address.valueOf("3fff:0:e:1::99"), theirs));
        assertTrue(sessions.learnInbound("s", HOST, CN, theirs));
        assertFalse(sessions.moved("s", 0x42, 0x99, new byte[]{9, 9, 9, 8}, to));
        assertFalse(sessions.moved("s", 0x43, 0x99, theirs, to));
        assertFalse(sessions.moved("other", 0x42, 0x99, theirs, to));
        assertEquals(CN, sessions.view("s", 0).get(0).correspondent());
        assertTrue(sessions.moved("s", 0x42, 0x99, theirs, to));
        IlnpSession moved = sessions.view("s", 0).get(0);
        assertEquals("3fff:0:d:1::99", moved.correspondent().toString());
        assertEquals(to, moved.correspondentLocators());
        assertEquals(1, sessions.view("s", 0).size());
        // The host's next report of the flow (to the new address) is the same session.
        sessions.learn("s", HOST, Ip6Address.valueOf("3fff:0:d:1::99"), new byte[]{1, 2, 3, 4}, 2000);
        assertEquals(1, sessions.view("s", 0).size());
        // Every locator withdrawn: the locators follow, the address stays where it was.
        List<LocatorUpdate.Entry> none = List.of(new LocatorUpdate.Entry(0x3fff_0000_000f_0001L, 10, 0));
        assertTrue(sessions.moved("s", 0x42, 0x99, theirs, none));
        assertEquals("3fff:0:d:1::99", sessions.view("s", 0).get(0).correspondent().toString());
        assertEquals(none, sessions.view("s", 0).get(0).correspondentLocators());
    }

    @Test
    public void updatesSentAreCountedPerSessionAndSiteAndForgottenWithTheSite() {
        sessions.learn("s", HOST, CN, new byte[4], 1000);
        List<LocatorUpdate.Entry> entries = List.of(new LocatorUpdate.Entry(0x2001_0db8_000b_0001L, 10, 600));
        sessions.sent("s", sessions.seenSince("s", 0).get(0), entries, 4000);
        IlnpSession view = sessions.view("s", 0).get(0);
        assertEquals(1, view.updatesSent());
        assertEquals(4000, view.lastUpdateMillis());
        assertEquals(entries, view.lastAdvertised());
        assertEquals(4, view.nonceOctets());
        assertEquals(1, sessions.sent("s"));
        sessions.forget("s");
        assertEquals(0, sessions.sent("s"));
        assertTrue(sessions.view("s", 0).isEmpty());
    }
}
