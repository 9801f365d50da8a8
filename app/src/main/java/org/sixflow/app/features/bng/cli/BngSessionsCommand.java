// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.cli;

import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.bng.api.BngService;
import org.sixflow.app.features.bng.api.BngSession;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Lists the PPPoE sessions the relay follows, or shows one with its line's counters.
 */
@Service
@Command(scope = "sixflow", name = "bng-sessions", description = "Lists PPPoE sessions, or shows one")
public class BngSessionsCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Session id (shows its counters)")
    Long id = null;

    @Override
    protected void doExecute() {
        BngService service = get(BngService.class);
        if (id == null) {
            list(service).forEach(line -> print("%s", line));
            return;
        }
        Optional<BngSession> session = service.session(id);
        if (session.isEmpty()) {
            error("No BNG session %d", id);
            return;
        }
        details(session.get(), service).forEach(line -> print("%s", line));
    }

    /** Every session, one a line. */
    static List<String> list(BngService service) {
        List<BngSession> sessions = service.sessions();
        if (sessions.isEmpty()) {
            return List.of("No BNG sessions");
        }
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        sessions.forEach(s -> lines.add(line(s)));
        return lines.build();
    }

    /** One session on one line. */
    static String line(BngSession s) {
        return String.format(Locale.ROOT, "id=%d, line=%s, sessionId=%d, mac=%s, state=%s, user=%s, ipv4=%s, ipv6=%s,"
                                     + " delegated=%s, install=%s%s%s", s.id(), s.line().name(), s.sessionId(),
                             s.subscriberMac(), s.state(), s.user().orElse("-"),
                             s.ipv4().map(Object::toString).orElse("-"), s.ipv6().map(Object::toString).orElse("-"),
                             s.delegatedPrefix().map(Object::toString).orElse("-"), s.status().state(),
                             s.status().failure().map(f -> " (" + f.reason() + ")").orElse(""),
                             s.endReason().map(r -> ", ended: " + r).orElse(""));
    }

    /** A session's line and its counters. */
    static List<String> details(BngSession session, BngService service) {
        ImmutableList.Builder<String> lines = ImmutableList.<String>builder().add(line(session));
        service.counters(session.id()).forEach((type, data) -> lines.add(String.format(
                Locale.ROOT, "  %s: %d packets, %d bytes", type, data.packets(), data.bytes())));
        return lines.build();
    }
}
