// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.cli;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.gtpu.api.GtpuPath;
import org.sixflow.app.features.gtpu.api.GtpuPathService;
import org.sixflow.app.testing.TestGtpuPathService;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;

/**
 * The text of sixflow:gtpu-paths.
 */
public class GtpuPathsCommandTest {

    private static GtpuPath.Builder path() {
        return GtpuPath.builder(DeviceId.deviceId("device:beijing"), Ip6Address.valueOf("fd00:1:1::2152"),
                                Ip6Address.valueOf("fd00:1:5::50"));
    }

    @Test
    public void onePathALineSayingWhyOneIsNotEchoed() {
        assertEquals("device=device:beijing, n3=fd00:1:1::2152, peer=fd00:1:5::50, state=UP, requests=7, responses=6, "
                             + "missed=0, lastRequest=2026-12-05T12:00:00Z, lastResponse=2026-12-05T12:00:00.004Z, "
                             + "nextRequest=2026-12-05T12:01:00Z",
                     GtpuPathsCommand.line(path().state(GtpuPath.State.UP).requestsSent(7).responses(6)
                                                   .lastRequest(Instant.parse("2026-12-05T12:00:00Z"))
                                                   .lastResponse(Instant.parse("2026-12-05T12:00:00.004Z"))
                                                   .nextRequest(Instant.parse("2026-12-05T12:01:00Z")).build()));
        assertEquals("device=device:beijing, n3=fd00:1:1::2152, peer=fd00:1:5::50, state=UNKNOWN, requests=0, "
                             + "responses=0, missed=0, lastRequest=never, lastResponse=never, nextRequest=not planned, "
                             + "notEchoed=no installed route from device:beijing to fd00:1:5::50",
                     GtpuPathsCommand.line(path().notEchoed("no installed route from device:beijing to fd00:1:5::50")
                                                   .build()));
    }

    @Test
    public void theHeaderSaysHowTheEchoesRun() {
        GtpuPathService service = new TestGtpuPathService(List.of(), Optional.empty());
        assertEquals("Echo Request every 60 s, DOWN after 3 unanswered, this instance's next round not scheduled",
                     GtpuPathsCommand.header(service));
    }
}
