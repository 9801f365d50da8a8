// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.cli;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.gtpu.api.GtpuPath;
import org.sixflow.app.features.gtpu.api.GtpuPathService;

import java.util.List;
import java.util.Locale;

/**
 * Lists the GTP-U paths in use with what the controller's Echo Requests say of each.
 */
@Service
@Command(scope = "sixflow", name = "gtpu-paths",
        description = "Lists GTP-U paths (N3 address to peer) and whether their peers answer echoes")
public class GtpuPathsCommand extends AbstractShellCommand {

    @Override
    protected void doExecute() {
        GtpuPathService service = get(GtpuPathService.class);
        print("%s", header(service));
        List<GtpuPath> paths = service.paths();
        if (paths.isEmpty()) {
            print("No GTP-U paths in use");
        }
        paths.forEach(p -> print("%s", line(p)));
    }

    /** How the echoes run. */
    static String header(GtpuPathService service) {
        return String.format(Locale.ROOT, "Echo Request every %d s, DOWN after %d unanswered, this instance's next round %s",
                             service.echoInterval().getSeconds(), service.echoMisses(),
                             service.nextRound().map(Object::toString).orElse("not scheduled"));
    }

    /** One path on one line. */
    static String line(GtpuPath p) {
        return String.format(Locale.ROOT, "device=%s, n3=%s, peer=%s, state=%s, requests=%d, responses=%d, missed=%d, "
                                     + "lastRequest=%s, lastResponse=%s, nextRequest=%s%s", p.device(), p.n3Address(),
                             p.peerAddress(), p.state(), p.requestsSent(), p.responses(), p.missed(),
                             p.lastRequest().map(Object::toString).orElse("never"),
                             p.lastResponse().map(Object::toString).orElse("never"),
                             p.nextRequest().map(Object::toString).orElse("not planned"),
                             p.notEchoed().map(why -> ", notEchoed=" + why).orElse(""));
    }
}
