// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.cli;

import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.ilnp.api.IlnpSession;
import org.sixflow.app.features.ilnp.api.IlnpSessionService;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Lists the sessions of an ILNP site's hosts that its border router reported lately, and the
 * Locator Updates sent their correspondents when the site's uplinks changed.
 */
@Service
@Command(scope = "sixflow", name = "ilnp-sessions",
        description = "Lists an ILNP site's sessions and the Locator Updates sent for them")
public class IlnpSessionListCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "name", description = "Site name", required = true)
    @Completion(IlnpSiteNameCompleter.class)
    String name = null;

    @Override
    protected void doExecute() {
        if (get(IlnpSiteService.class).site(name).isEmpty()) {
            error("No ILNP site %s", name);
            return;
        }
        lines(name, get(IlnpSessionService.class)).forEach(line -> print("%s", line));
    }

    /** The site's count of updates sent, then one session a line. */
    static List<String> lines(String site, IlnpSessionService service) {
        List<IlnpSession> sessions = service.sessions(site);
        ImmutableList.Builder<String> lines = ImmutableList.<String>builder().add(String.format(
                Locale.ROOT, "site=%s, sessions=%d, updatesSent=%d", site, sessions.size(), service.updatesSent(site)));
        for (IlnpSession s : sessions) {
            String advertised = s.lastAdvertised().stream().map(e -> e.locatorText() + "@" + e.preference())
                    .collect(Collectors.joining(" "));
            String theirs = s.correspondentLocators().stream().map(e -> e.locatorText() + "@" + e.preference())
                    .collect(Collectors.joining(" "));
            lines.add(String.format(Locale.ROOT, "  host=%s, correspondent=%s, nonce=%d octets, lastSeen=%s,"
                                            + " updatesSent=%d, lastUpdate=%s, advertised=[%s], theirs=[%s]",
                                    s.host(), s.correspondent(), s.nonceOctets(),
                                    Instant.ofEpochMilli(s.lastSeenMillis()), s.updatesSent(),
                                    s.lastUpdateMillis() == 0 ? "none" : Instant.ofEpochMilli(s.lastUpdateMillis()),
                                    advertised, theirs));
        }
        return lines.build();
    }
}
