// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyService;
import org.sixflow.app.features.multihoming.api.StudyProtocol;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** Lists the multihoming studies, or shows one with its plan. */
@Service
@Command(scope = "sixflow", name = "multihoming-studies", description = "Lists multihoming studies, or shows one")
public class MultihomingStudiesCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "id", description = "Study id (shows its factors)")
    @Completion(StudyIdCompleter.class)
    String id = null;

    @Override
    protected void doExecute() {
        MultihomingStudyService service = get(MultihomingStudyService.class);
        if (id == null) {
            List<MultihomingStudy> studies = service.studies();
            if (studies.isEmpty()) {
                print("No multihoming studies (sixflow:multihoming-study-add --preset thesis adds the thesis's grid)");
            }
            studies.forEach(s -> print("%s", line(s)));
            return;
        }
        Optional<MultihomingStudy> study = service.study(id);
        if (study.isEmpty()) {
            error("No multihoming study %s", id);
            return;
        }
        details(study.get()).forEach(l -> print("%s", l));
    }

    static String line(MultihomingStudy s) {
        return String.format(Locale.ROOT, "id=%s, name=%s, protocols=%s, frameSizes=%s, trials=%d, created=%s",
                             s.id(), s.name(), s.protocols().stream().map(p -> p.protocol().name())
                                     .collect(Collectors.joining(",")), s.frameSizes(), s.plan().size(),
                             s.createdAt());
    }

    static List<String> details(MultihomingStudy s) {
        List<String> lines = new java.util.ArrayList<>();
        lines.add(line(s));
        lines.add("  hosts: site " + s.siteHost() + ", correspondent " + s.correspondentHost());
        for (StudyProtocol p : s.protocols()) {
            String what = !p.mappings().isEmpty()
                    ? p.mappings().stream().map(m -> m.internalPrefix() + "->" + m.externalPrefix() + "@"
                    + m.uplink()).collect(Collectors.joining(" "))
                    : p.site().map(site -> "site " + site.name() + " on " + site.device() + ", uplinks "
                    + site.uplinks().stream().map(u -> u.port() + ":" + u.locator()).collect(Collectors.joining(" ")))
                    .orElse("nothing installed");
            lines.add("  " + p.protocol() + " to " + p.destination() + ": " + what);
        }
        s.frameSizes().forEach(f -> lines.add("  " + f + " octets: UDP at " + s.loadsMbps().get(f) + " Mbit/s"
                                                      + (s.tcp() ? ", TCP" : "")));
        lines.add("  ILNP sharing " + s.sharing() + ", " + s.repetitions() + " repetitions of " + s.trialSeconds()
                          + " s, " + s.streams() + " flows each");
        s.failover().ifPresent(f -> lines.add("  failover: " + f.uplink() + " fails " + f.afterSeconds() + " s into "
                                                      + f.seconds() + " s of pings"));
        return lines;
    }
}
