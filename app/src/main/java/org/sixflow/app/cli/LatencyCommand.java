// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
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
import org.sixflow.app.api.LatencyPoint;
import org.sixflow.app.api.LatencySource;
import org.sixflow.app.api.TelemetryService;
import org.sixflow.app.api.TimeWindow;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Prints a latency series from the history: per step, packets and mean, min, max latency.
 */
@Service
@Command(scope = "sixflow", name = "latency", description = "Prints a device's latency series for one class")
public class LatencyCommand extends AbstractShellCommand {

    @Argument(index = 0, name = "device", description = "Device id", required = true)
    @Completion(DeviceIdCompleter.class)
    String device = null;

    @Argument(index = 1, name = "class", description = "Latency class label or code", required = true)
    @Completion(LatencyClassCompleter.class)
    String latencyClass = null;

    @Option(name = "--from", description = "Window start, ISO-8601 (default: an hour before --to)")
    String from = null;

    @Option(name = "--to", description = "Window end, ISO-8601 (default: now)")
    String to = null;

    @Option(name = "--step", description = "Step: ISO-8601 duration (PT1M) or seconds (default 60)")
    String step = null;

    @Option(name = "--source", description = "samples (default) or aggregates")
    String source = null;

    @Override
    protected void doExecute() {
        try {
            LatencyClass cls = LatencyClass.parse(latencyClass);
            TimeWindow window = TimeWindow.parse(from, to, Instant.now());
            Duration stepDuration = window.step(step);
            LatencySource latencySource = source == null ? LatencySource.SAMPLES : LatencySource.parse(source);
            List<LatencyPoint> points = get(TelemetryService.class).latencySeries(
                    DeviceId.deviceId(device), cls, Optional.empty(), window.from(), window.to(), stepDuration,
                    latencySource);
            if (outputJson()) {
                ArrayNode json = mapper().createArrayNode();
                points.forEach(p -> json.add(jsonForEntity(p, LatencyPoint.class)));
                print("%s", json);
            } else {
                lines(device, cls, window, stepDuration, latencySource, points).forEach(line -> print("%s", line));
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            error("%s", e.getMessage());
        }
    }

    /**
     * Renders a series as a table.
     *
     * @param device  device id
     * @param cls     class
     * @param window  the window
     * @param step    the step
     * @param source  where the series came from
     * @param points  the points
     * @return header and one line per point
     */
    static List<String> lines(String device, LatencyClass cls, TimeWindow window, Duration step, LatencySource source,
                              List<LatencyPoint> points) {
        ImmutableList.Builder<String> lines = ImmutableList.builder();
        lines.add(String.format(Locale.ROOT, "%s %s from %s to %s, step %s s, %s: %d points", device, cls.label(),
                                window.from(), window.to(), step.toMillis() / 1000.0, source.label(), points.size()));
        if (points.isEmpty()) {
            lines.add("No packets in the window");
            return lines.build();
        }
        lines.add(String.format(Locale.ROOT, "%-24s %10s %12s %10s %10s", "time", "count", "mean ns", "min ns",
                                "max ns"));
        for (LatencyPoint p : points) {
            lines.add(String.format(Locale.ROOT, "%-24s %10d %12.1f %10d %10d", p.time(), p.count(), p.meanNanos(),
                                    p.minNanos(), p.maxNanos()));
        }
        return lines.build();
    }
}
