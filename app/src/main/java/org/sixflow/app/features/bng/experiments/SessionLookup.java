// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.experiments;

import org.sixflow.app.features.bng.api.BngService;
import org.sixflow.app.features.bng.api.BngSession;
import org.sixflow.app.features.bng.api.BngSessionState;

import java.util.Comparator;
import java.util.Optional;

/**
 * Finds the session a class names: an experiment outlives sessions (each setup gets a new
 * controller id and PPPoE session id), so a class names its subscriber, by user name or by line
 * name (device/port/S-VID/C-VID), and a run takes whichever of its sessions is up.
 */
final class SessionLookup {

    private SessionLookup() {
    }

    /**
     * Returns the session up for a subscriber, the latest started should there be two.
     *
     * @param sessions where sessions are followed
     * @param ref      a user name or a line name
     * @return the session, or empty when none of it is up
     */
    static Optional<BngSession> up(BngService sessions, String ref) {
        return sessions.sessions().stream()
                .filter(s -> s.state() == BngSessionState.UP && names(s, ref))
                .max(Comparator.comparingLong(BngSession::startedMillis));
    }

    /**
     * Tells whether a session is of the subscriber a class names.
     *
     * @param s   the session
     * @param ref a user name or a line name
     * @return true when its user or its line has that name
     */
    static boolean names(BngSession s, String ref) {
        return ref.equals(s.user().orElse(null)) || ref.equals(s.line().name());
    }
}
