// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyComparison;
import org.sixflow.app.api.LatencyPoint;
import org.sixflow.app.api.LatencySource;
import org.sixflow.app.api.TimeWindow;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.telemetry.TelemetryManagerFixture;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.TelemetryFixture;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.testing.Rejections.assertRejected;
import static org.sixflow.app.testing.TelemetryFixture.LEAF1;
import static org.sixflow.app.testing.TelemetryFixture.SECONDS;
import static org.sixflow.app.testing.TelemetryFixture.T0;

/**
 * The text of sixflow:latency, sixflow:stats and sixflow:ports over the telemetry fixture, and
 * their argument errors.
 */
public class TelemetryCommandsTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final TimeWindow WINDOW = TimeWindow.of(T0, T0.plusSeconds(SECONDS));
    private static HistoryDatabase db;
    private static TelemetryManagerFixture telemetry;

    @BeforeClass
    public static void storeFixture() throws Exception {
        db = HistoryDatabase.open(POSTGRES.server().settings());
        TelemetryFixture.writeSamples(db);
        TelemetryFixture.writePortCounters(db, T0, LEAF1, "1", 1_000L, 2_000L, 100_000L, 200_000L, 0L, 1L, 0L, 0L);
        TelemetryFixture.writePortCounters(db, T0.plusSeconds(10), LEAF1, "1", 2_000L, 2_500L, 250_000L, 260_000L,
                                           0L, 1L, 0L, null);
        telemetry = new TelemetryManagerFixture();
        telemetry.useDatabase(db);
    }

    @AfterClass
    public static void close() {
        db.close();
    }

    @Test
    public void latencyPrintsOneRowPerStep() {
        List<LatencyPoint> points = telemetry.manager.latencySeries(
                DeviceId.deviceId(LEAF1), LatencyClass.IPV6, Optional.empty(), WINDOW.from(), WINDOW.to(),
                Duration.ofMinutes(5), LatencySource.SAMPLES);
        List<String> lines = LatencyCommand.lines(LEAF1, LatencyClass.IPV6, WINDOW, Duration.ofMinutes(5),
                                                  LatencySource.SAMPLES, points);
        assertEquals(4, lines.size());
        assertTrue(lines.get(0), lines.get(0).endsWith("step 300.0 s, samples: 2 points"));
        assertTrue(lines.get(2), lines.get(2).matches("2026-11-22T10:00:00Z\\s+300\\s+1045.0\\s+1000\\s+1090"));
        assertEquals("No packets in the window", LatencyCommand.lines(LEAF1, LatencyClass.IPV6, WINDOW,
                                                                      Duration.ofMinutes(5), LatencySource.SAMPLES,
                                                                      List.of()).get(1));
    }

    @Test
    public void statsPrintTheStudiesFigures() {
        LatencyComparison c = telemetry.manager.statistics(DeviceId.deviceId(LEAF1), LatencyClass.APN6_INSERT,
                                                           LatencyClass.IPV6, WINDOW.from(), WINDOW.to(),
                                                           StatsCommand.THRESHOLDS);
        List<String> lines = StatsCommand.lines(LEAF1, WINDOW, c);
        String text = String.join("\n", lines);
        for (String figure : new String[]{"samples", "mean ns", "stdev ns", "min ns", "max ns", "range ns",
                "KS D", "KS p-value", "normal (5%)", "overhead: mean ratio", "P(K <= 0.05)",
                "stability of apn6-insert: 599 pairs"}) {
            assertTrue(figure + " in\n" + text, text.contains(figure));
        }
        assertTrue(text, lines.get(3).matches("mean ns\\s+[0-9.]+\\s+1045.00"));
    }

    @Test
    public void portsShowDashesForWhatIsUnknown() {
        List<String> lines = PortsCommand.lines(telemetry.manager.ports(Optional.empty()));
        assertEquals(2, lines.size());
        assertTrue(lines.get(1), lines.get(1).matches("device:leaf1\\s+1\\s+2000\\s+2500\\s+100.0\\s+50.0\\s+"
                                                              + "120000.0\\s+48000.0\\s+0\\s+1\\s+0\\s+-\\s+.*"));
        assertEquals(List.of("No port counters"), PortsCommand.lines(List.of()));
    }

    @Test
    public void badArgumentsSayWhatIsWrong() {
        assertRejected(() -> LatencyClass.parse("warp"), "ipv6");
        assertRejected(() -> TimeWindow.parse("yesterday", null, T0), "from must be an ISO-8601 instant");
        assertRejected(() -> TimeWindow.parse(T0.toString(), T0.toString(), T0), "from");
        assertRejected(() -> WINDOW.step("soon"), "step must be");
        assertRejected(() -> telemetry.manager.statistics(DeviceId.deviceId(LEAF1), LatencyClass.MSR6_DECAP,
                                                          LatencyClass.IPV6, WINDOW.from(), WINDOW.to(),
                                                          StatsCommand.THRESHOLDS), "at least 2");
    }
}
