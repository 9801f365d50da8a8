// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import com.google.common.collect.ImmutableList;
import org.junit.Test;
import org.sixflow.app.api.LatencyBatch;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;

import java.time.Instant;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.onosproject.net.DeviceId.deviceId;

public class LatencyBatchesTest {

    private static final Instant T = Instant.parse("2026-11-22T15:00:00Z");

    private static LatencySample sample(String device, LatencyClass c, long sequence, long delta) {
        return LatencySample.of(T, device, c.code(), 0, 1, 2, sequence, delta);
    }

    @Test
    public void oneBatchPerDeviceAndClass() {
        assertEquals(ImmutableList.of(
                LatencyBatch.of(deviceId("device:leaf1"), LatencyClass.IPV6, T, 2, 150),
                LatencyBatch.of(deviceId("device:leaf1"), LatencyClass.MSR6_DECAP, T, 1, 700),
                LatencyBatch.of(deviceId("device:leaf2"), LatencyClass.IPV6, T, 1, 50)),
                     LatencyBatches.of(ImmutableList.of(
                             sample("device:leaf1", LatencyClass.IPV6, 1, 100),
                             sample("device:leaf1", LatencyClass.MSR6_DECAP, 1, 700),
                             sample("device:leaf2", LatencyClass.IPV6, 1, 50),
                             sample("device:leaf1", LatencyClass.IPV6, 2, 200)), T));
    }

    @Test
    public void noSamplesNoBatches() {
        assertTrue(LatencyBatches.of(ImmutableList.of(), T).isEmpty());
    }
}
