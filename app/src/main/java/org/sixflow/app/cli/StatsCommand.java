// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.cli.net.DeviceIdCompleter;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyComparison;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.OverheadSummary;
import org.sixflow.app.api.TelemetryService;
import org.sixflow.app.api.TimeWindow;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Prints the studies' figures for a feature class against a baseline: mean, standard deviation,
 * min, max, range, percentiles, KS normality test, overhead Z-test probabilities and stability.
 */
@Service
@Command(scope = "sixflow", name = "stats",
        description = "Compares a feature's latency with a baseline class (default ipv6)")
public class StatsCommand extends AbstractShellCommand {

    /** Overhead thresholds whose probabilities are printed. */
    static final List<Double> THRESHOLDS = List.of(0.01, 0.02, 0.05, 0.1);
    private static final double NORMALITY_ALPHA = 0.05;

    @Argument(index = 0, name = "device", description = "Device id", required = true)
    @Completion(DeviceIdCompleter.class)
    String device = null;

    @Argument(index = 1, name = "feature", description = "Feature latency class", required = true)
    @Completion(LatencyClassCompleter.class)
    String feature = null;

    @Argument(index = 2, name = "baseline", description = "Baseline latency class (default ipv6)")
    @Completion(LatencyClassCompleter.class)
    String baseline = null;

    @Option(name = "--from", description = "Window start, ISO-8601 (default: an hour before --to)")
    String from = null;

    @Option(name = "--to", description = "Window end, ISO-8601 (default: now)")
    String to = null;

    @Override
    protected void doExecute() {
        try {
            LatencyClass featureClass = LatencyClass.parse(feature);
            LatencyClass baselineClass = baseline == null ? LatencyClass.BASELINE : LatencyClass.parse(baseline);
            TimeWindow window = TimeWindow.parse(from, to, Instant.now());
            LatencyComparison comparison = get(TelemetryService.class).statistics(
                    DeviceId.deviceId(device), featureClass, baselineClass, window.from(), window.to(), THRESHOLDS);
            if (outputJson()) {
                print("%s", jsonForEntity(comparison, LatencyComparison.class));
            } else {
                lines(device, window, comparison).forEach(line -> print("%s", line));
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            error("%s", e.getMessage());
        }
    }

    /**
     * Renders a comparison as text.
     *
     * @param device     device id
     * @param window     the window
     * @param comparison the comparison
     * @return lines
     */
    static List<String> lines(String device, TimeWindow window, LatencyComparison comparison) {
        LatencySummary f = comparison.featureStatistics();
        LatencySummary b = comparison.baselineStatistics();
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        lines.add(String.format(Locale.ROOT, "%s from %s to %s", device, window.from(), window.to()));
        lines.add(String.format(Locale.ROOT, "%-16s %16s %16s", "", comparison.feature().label(),
                                comparison.baseline().label()));
        lines.add(row("samples", f, b, LatencySummary::count, "%16.0f"));
        lines.add(row("mean ns", f, b, LatencySummary::mean, "%16.2f"));
        lines.add(row("stdev ns", f, b, LatencySummary::stdev, "%16.2f"));
        lines.add(row("min ns", f, b, LatencySummary::min, "%16.0f"));
        lines.add(row("max ns", f, b, LatencySummary::max, "%16.0f"));
        lines.add(row("range ns", f, b, LatencySummary::range, "%16.0f"));
        lines.add(row("p50 ns", f, b, LatencySummary::p50, "%16.1f"));
        lines.add(row("p90 ns", f, b, LatencySummary::p90, "%16.1f"));
        lines.add(row("p99 ns", f, b, LatencySummary::p99, "%16.1f"));
        lines.add(row("KS D", f, b, LatencySummary::ksStatistic, "%16.4f"));
        lines.add(row("KS p-value", f, b, LatencySummary::ksPValue, "%16.4g"));
        lines.add(String.format(Locale.ROOT, "%-16s %16s %16s", "normal (5%)", normal(f), normal(b)));
        OverheadSummary o = comparison.overhead();
        lines.add(String.format(Locale.ROOT, "overhead: mean ratio %.4f, K mean %.4f, K stdev %.4f", o.meanRatio(),
                                o.kMean(), o.kStdev()));
        o.probabilities().forEach((t, p) -> lines.add(String.format(Locale.ROOT, "  P(K <= %.2f) = %.4f", t, p)));
        lines.add(comparison.stability()
                          .map(s -> String.format(Locale.ROOT, "stability of %s: %d pairs, mean %.6f, max %.6f",
                                                  comparison.feature().label(), s.pairs(), s.mean(), s.max()))
                          .orElse("stability of " + comparison.feature().label()
                                          + ": no consecutive samples with ingress timestamps"));
        if (comparison.sampled()) {
            lines.add("note: more than " + comparison.sampleLimit() + " samples in a class; figures are from a "
                              + "uniform random subset of that size (stability uses every pair)");
        }
        return lines.build();
    }

    private static String row(String name, LatencySummary f, LatencySummary b,
                              ToDoubleFunction<LatencySummary> figure, String format) {
        return String.format(Locale.ROOT, "%-16s" + format + " " + format, name, figure.applyAsDouble(f),
                             figure.applyAsDouble(b));
    }

    private static String normal(LatencySummary s) {
        return Double.isNaN(s.ksPValue()) ? "n/a" : s.ksPValue() >= NORMALITY_ALPHA ? "yes" : "no";
    }
}
