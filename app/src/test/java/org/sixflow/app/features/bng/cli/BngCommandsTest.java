// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.cli;

import org.junit.Test;
import org.sixflow.app.features.bng.api.FakeBngService;

import java.util.List;

import static org.junit.Assert.assertEquals;

/**
 * What sixflow:bng-sessions and sixflow:bng-lines print.
 */
public class BngCommandsTest {

    private final FakeBngService bng = new FakeBngService();

    @Test
    public void sessionsOneALineAndOneWithCounters() {
        List<String> lines = BngSessionsCommand.list(bng);
        assertEquals(List.of(
                "id=7, line=device:bng/1/100/11, sessionId=1, mac=52:54:00:5F:00:01, state=UP, user=bob@sixflow,"
                        + " ipv4=10.33.0.10, ipv6=fd33::2:0:0:10:2, delegated=-, install=INSTALLED",
                "id=8, line=device:bng/1/100/11, sessionId=3, mac=52:54:00:5F:00:01, state=ENDED, user=-, ipv4=-,"
                        + " ipv6=-, delegated=-, install=REQUESTED, ended: PAP Authenticate-Nak from the server"), lines);
        assertEquals(List.of(lines.get(0), "  UPSTREAM_RX: 5 packets, 600 bytes"),
                     BngSessionsCommand.details(bng.session(7).get(), bng));
    }

    @Test
    public void linesWithDrops() {
        assertEquals(List.of("line=device:bng/1/100/11, lineId=2, controlFrames=17, meter=unmetered",
                             "line=device:bng/1/100/12, lineId=3, controlFrames=4, meter=upstream CIR 1000 kbit/s"
                                     + " (burst 3000 B), PIR 2000 kbit/s (burst 6000 B), downstream unmetered",
                             "dropped malformed=2"),
                     BngLinesCommand.lines(bng));
    }
}
