// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.sixflow.app.features.multihoming.api.CellLimit;
import org.sixflow.app.features.multihoming.api.FailoverResult;
import org.sixflow.app.features.multihoming.api.GridRow;
import org.sixflow.app.features.multihoming.api.MultihomingStudyService;
import org.sixflow.app.features.multihoming.api.SiteRoutes;
import org.sixflow.app.features.multihoming.api.StudyRunDetail;
import org.sixflow.app.features.multihoming.api.TrialCell;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** Shows a run: its state, the grid as the thesis lays it out, the failovers and the routes to the site. */
@Service
@Command(scope = "sixflow", name = "multihoming-run", description = "Shows a multihoming study run and its grid")
public class MultihomingRunCommand extends AbstractShellCommand {

    private static final String HEADER = String.format(Locale.ROOT, "  %5s %8s %10s %7s %7s %9s %9s %9s %8s  %s",
                                                       "frame", "load", "goodput", "±95%", "loss%", "byteLoss%",
                                                       "jitterMs", "reordered", "rttMs", "uplinks out");

    @Argument(index = 0, name = "runId", description = "Run number", required = true)
    long runId;

    @Option(name = "--cells", description = "Every trial, not only the grid")
    boolean cells;

    @Override
    protected void doExecute() {
        Optional<StudyRunDetail> detail = get(MultihomingStudyService.class).run(runId);
        if (detail.isEmpty()) {
            error("No study run %d", runId);
            return;
        }
        lines(detail.get(), cells).forEach(l -> print("%s", l));
    }

    static List<String> lines(StudyRunDetail d, boolean withCells) {
        List<String> lines = new ArrayList<>();
        lines.add(MultihomingRunsCommand.line(d.run()));
        String group = null;
        for (GridRow r : d.grid()) {
            String name = r.protocol() + r.sharing().map(s -> " " + s).orElse("");
            if (!name.equals(group)) {
                group = name;
                lines.add(name + " (mean of the repetitions; goodput Mbit/s of payload)");
                lines.add(HEADER);
            }
            lines.add(row(r));
        }
        if (d.grid().stream().anyMatch(r -> r.limit().isPresent())) {
            lines.add("  † the sender did not reach the rate; * beyond what the lab can carry (lost with the rate)");
        }
        if (!d.failovers().isEmpty()) {
            lines.add("Failover: time without traffic after the uplink fails");
            for (FailoverResult f : d.failovers()) {
                lines.add(String.format(Locale.ROOT, "  %-6s %s down %.1f s in: %s (%d of %d answered; %s)",
                                        f.protocol(), f.uplink(), f.afterSeconds(),
                                        f.repairMs().map(ms -> String.format(Locale.ROOT, "%.0f ms", ms))
                                                .orElse("never restored"),
                                        f.probesAnswered(), f.probesSent(), f.note()));
            }
        }
        if (!d.siteRoutes().isEmpty()) {
            lines.add("Routes to the site as the correspondent sees it (site-specific outside the site: the focal claim)");
            for (SiteRoutes s : d.siteRoutes()) {
                lines.add(String.format(Locale.ROOT, "  %-6s %s: %d; %s", s.protocol(), s.address(),
                                        s.siteSpecificOutsideSite(), s.routes().stream()
                                                .map(r -> r.device() + " " + r.prefix() + " " + r.kind())
                                                .collect(Collectors.joining(", "))));
            }
        }
        if (withCells) {
            lines.add("Trials");
            d.cells().forEach(c -> lines.add("  " + cell(c)));
        }
        return lines;
    }

    private static String row(GridRow r) {
        String mark = r.limit().map(l -> l == CellLimit.SENDER ? "†" : "*").orElse(" ");
        return String.format(Locale.ROOT, "  %5d %8s %9s%s %7s %7s %9s %9s %9s %8s  %s", r.frameSize(),
                             r.loadMbps().map(MultihomingRunCommand::number).orElse("TCP"),
                             r.goodputMbps().map(MultihomingRunCommand::number).orElse("-"), mark,
                             r.goodputCi95().map(MultihomingRunCommand::number).orElse("-"),
                             r.lossPercent().map(MultihomingRunCommand::number).orElse("-"),
                             r.byteLossPercent().map(MultihomingRunCommand::number).orElse("-"),
                             r.jitterMs().map(MultihomingRunCommand::number).orElse("-"),
                             r.reordered().map(MultihomingRunCommand::number).orElse("-"),
                             r.rttMeanMs().map(MultihomingRunCommand::number).orElse("-"),
                             r.uplinkShares().entrySet().stream().map(e -> e.getKey().port() + ":"
                                     + Math.round(100 * e.getValue()) + "%").collect(Collectors.joining(" ")));
    }

    private static String cell(TrialCell c) {
        return c.trial() + ": " + c.error().map(e -> "failed: " + e).orElseGet(() -> String.format(
                Locale.ROOT, "sent %s, goodput %s Mbit/s, lost %s%%, rtt %s ms, routes %d->%d%s",
                c.sentMbps().map(MultihomingRunCommand::number).orElse("-"),
                c.goodputMbps().map(MultihomingRunCommand::number).orElse("-"),
                c.lossPercent().map(MultihomingRunCommand::number).orElse("-"),
                c.rtt().flatMap(r -> r.meanMs()).map(MultihomingRunCommand::number).orElse("-"),
                c.routesBefore(), c.routesAfter(),
                c.limitReason().map(l -> " (" + l + ")").orElse("")));
    }

    private static String number(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v)
                : Math.abs(v) >= 1 ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.3f", v);
    }
}
