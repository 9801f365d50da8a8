// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.junit.Test;
import org.sixflow.app.features.multihoming.api.PingSummary;
import org.sixflow.app.testing.Thrown;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;

/**
 * iputils ping's output as it printed it: the summary with round trips, without (nothing came
 * back), and the echoes answered, which errors naming an echo are not.
 */
public class PingReportTest {

    @Test
    public void readsTheSummaryWithItsRoundTrips() {
        assertEquals(new PingSummary(20, 20, 0.026, 0.048, 0.199, 0.035),
                     PingReport.summary(Samples.text(Samples.PING_SUMMARY)));
        assertEquals(new PingSummary(20, 20, 0.033, 0.064, 0.207, 0.044),
                     PingReport.summary(Samples.text(Samples.PING_REPLIES)));
        assertEquals(new PingSummary(150, 121, 0.012, 0.068, 0.249, 0.057),
                     PingReport.summary(Samples.text(Samples.PING_FAILOVER)));
    }

    @Test
    public void aSummaryWithoutRepliesHasNoRoundTrips() {
        assertEquals(new PingSummary(5, 0, null, null, null, null),
                     PingReport.summary(Samples.text(Samples.PING_NO_REPLIES)));
        assertEquals("errors are not replies", new PingSummary(12, 0, null, null, null, null),
                     PingReport.summary(Samples.text(Samples.PING_UNREACHABLE)));
    }

    @Test
    public void outputWithoutASummaryIsRefused() {
        IllegalArgumentException e = Thrown.by(IllegalArgumentException.class, () -> PingReport.summary(
                "ping: connect: Network is unreachable\n"));
        assertEquals("ping printed no summary: \"ping: connect: Network is unreachable\"", e.getMessage());
        assertEquals("ping printed no summary: nothing", Thrown.by(IllegalArgumentException.class,
                                                                   () -> PingReport.summary(null)).getMessage());
    }

    @Test
    public void theEchoesAnsweredAreTheRepliesSequenceNumbers() {
        assertEquals(IntStream.rangeClosed(1, 20).boxed().collect(Collectors.toList()),
                     PingReport.answered(Samples.text(Samples.PING_REPLIES)));
        assertEquals(Stream.concat(IntStream.rangeClosed(1, 43).boxed(), IntStream.rangeClosed(73, 150).boxed())
                             .collect(Collectors.toList()),
                     PingReport.answered(Samples.text(Samples.PING_FAILOVER)));
        assertEquals("-q prints no replies", List.of(), PingReport.answered(Samples.text(Samples.PING_SUMMARY)));
        assertEquals(List.of(), PingReport.answered(null));
    }

    @Test
    public void aDestinationUnreachableAnswersNoEcho() {
        // "From fd00:5:c::1 icmp_seq=3 Destination unreachable: Address unreachable" names echo 3,
        // which nothing answered.
        assertEquals(List.of(), PingReport.answered(Samples.text(Samples.PING_UNREACHABLE)));
        List<Integer> answered = PingReport.answered(Samples.text(Samples.PING_FAILOVER_UNREACHABLE));
        assertEquals(Stream.concat(IntStream.rangeClosed(1, 43).boxed(), IntStream.rangeClosed(87, 300).boxed())
                             .collect(Collectors.toList()), answered);
        assertEquals(PingReport.summary(Samples.text(Samples.PING_FAILOVER_UNREACHABLE)).received(), answered.size());
    }

    @Test
    public void replyTimesComeFromDashD() {
        Map<Integer, Double> times = PingReport.replyTimes(Samples.text(Samples.PING_FAILOVER_TIMED));
        assertEquals(38, times.size());
        assertEquals(1796001216.745400, times.get(1), 1e-6);
        assertEquals(false, times.containsKey(19));
        assertEquals("without -D, no times", Map.of(), PingReport.replyTimes(Samples.text(Samples.PING_FAILOVER)));
    }
}
