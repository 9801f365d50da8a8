// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.features.multihoming.api.FailoverResult;
import org.sixflow.app.features.multihoming.api.StudyFailover;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.multihoming.api.MultihomingProtocol.ILNP;
import static org.sixflow.app.features.multihoming.api.MultihomingProtocol.IPV6;

/**
 * A failover's repair time from its pings (every 20 ms, numbered from 1): the longest run of
 * unanswered echoes that ends in a reply after the failure; none when the replies had not come
 * back by the end.
 */
public class FailoverAnalysisTest {

    private static final ConnectPoint PA = ConnectPoint.deviceConnectPoint("device:sbr/2");
    /** 0.8 s in: echo 41 is the first sent after the failure. */
    private static final StudyFailover AT_800_MS = StudyFailover.of(PA, 0.8, 3);

    @SafeVarargs
    private static List<Integer> seqs(List<Integer>... ranges) {
        List<Integer> all = new ArrayList<>();
        for (List<Integer> r : ranges) {
            all.addAll(r);
        }
        return all;
    }

    private static List<Integer> range(int from, int to) {
        return IntStream.rangeClosed(from, to).boxed().collect(Collectors.toList());
    }

    @Test
    public void theOutageIsTheLongestGapAfterTheFailureEvenWithAnswersDuringTheLinkCommand() {
        // The real pings: replies dropped from after echo 43 to before echo 73. Echoes 41-43 went
        // out after the failure and were answered while the link command ran.
        HostTraffic.Probes probes = new HostTraffic.Probes(150, PingReport.answered(
                Samples.text(Samples.PING_FAILOVER)));
        FailoverResult result = FailoverAnalysis.of(IPV6, AT_800_MS, probes);
        assertEquals(new FailoverResult(IPV6, PA, 0.8, 29 * 20.0, 150, 121,
                                        "40 of 40 answered before the failure, 81 of 110 after"), result);
    }

    @Test
    public void withReplyTimesTheOutageIsMeasuredInTimeNotInEchoes() {
        // The real pings (-D): replies to echoes 19-40 dropped; ping sent an echo every 23.9 ms,
        // not 20, so 22 lost echoes are 532.5 ms (the reply to 41 came 556.4 ms after the one to
        // 18, less one echo's spacing), not 440.
        String output = Samples.text(Samples.PING_FAILOVER_TIMED);
        HostTraffic.Probes probes = new HostTraffic.Probes(60, PingReport.answered(output),
                                                           PingReport.replyTimes(output));
        FailoverResult result = FailoverAnalysis.of(IPV6, StudyFailover.of(PA, 0.5, 1.5), probes);
        assertEquals(532.53, result.repairMs().orElseThrow(), 0.01);
        assertEquals(38, result.probesAnswered());
        assertEquals(23.90, FailoverAnalysis.spacingMs(probes), 0.01);
    }

    @Test
    public void destinationUnreachableLinesDoNotShortenTheOutage() {
        // Replies stopped after echo 43 and came back at 87; the sender's own Destination
        // Unreachable errors for echoes 44-55 are not replies.
        HostTraffic.Probes probes = new HostTraffic.Probes(300, PingReport.answered(
                Samples.text(Samples.PING_FAILOVER_UNREACHABLE)));
        FailoverResult result = FailoverAnalysis.of(ILNP, StudyFailover.of(PA, 0.8, 6), probes);
        assertEquals(43 * 20.0, result.repairMs().orElseThrow(), 0);
        assertEquals(257, result.probesAnswered());
    }

    @Test
    public void aGapBeforeTheFailureIsNotItsOutage() {
        HostTraffic.Probes probes = new HostTraffic.Probes(150, seqs(range(1, 10), range(20, 43), range(60, 150)));
        assertEquals(16 * 20.0, FailoverAnalysis.of(IPV6, AT_800_MS, probes).repairMs().orElseThrow(), 0);
    }

    @Test
    public void noReplyAfterTheFailureIsNoRepair() {
        FailoverResult never = FailoverAnalysis.of(IPV6, AT_800_MS, new HostTraffic.Probes(150, range(1, 40)));
        assertTrue(never.repairMs().isEmpty());
        assertEquals(40, never.probesAnswered());
        assertEquals("traffic had not come back by the end: no reply to the last 110 echoes (2200 ms) after "
                             + "device:sbr/2 failed", never.note());
        FailoverResult silent = FailoverAnalysis.of(IPV6, AT_800_MS, new HostTraffic.Probes(150, List.of()));
        assertTrue(silent.repairMs().isEmpty());
        assertEquals(0, silent.probesAnswered());
    }

    @Test
    public void repliesThatStopForMoreThanASecondAtTheEndAreNoRepair() {
        // Back at 60, gone again after 90: the last 60 echoes (1.2 s) unanswered.
        FailoverResult lostAgain = FailoverAnalysis.of(IPV6, AT_800_MS, new HostTraffic.Probes(
                150, seqs(range(1, 43), range(60, 90))));
        assertTrue(lostAgain.repairMs().isEmpty());
        assertTrue(lostAgain.note(), lostAgain.note().contains("no reply to the last 60 echoes (1200 ms)"));
        // A tail of exactly a second still counts as back.
        FailoverResult tail = FailoverAnalysis.of(IPV6, AT_800_MS, new HostTraffic.Probes(
                150, seqs(range(1, 43), range(60, 100))));
        assertEquals(16 * 20.0, tail.repairMs().orElseThrow(), 0);
    }
}
