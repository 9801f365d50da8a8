// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * Probe tags survive the trip through an IPv6 header's first 32 bits; other packets are not probes.
 */
public class ProbeTagTest {

    @Test
    public void roundTrip() {
        ProbeTag tag = ProbeTag.of(2, 17, 1_048_575);
        assertEquals(0x80 | 2 << 5 | 17, tag.trafficClass());
        assertEquals(1_048_575, tag.flowLabel());
        assertEquals(tag, ProbeTag.read(tag.versionClassFlow()).orElseThrow());
        assertEquals(ProbeTag.of(0, 0, 0), ProbeTag.read(ProbeTag.of(0, 0, 0).versionClassFlow()).orElseThrow());
    }

    @Test
    public void otherPacketsAreNotProbes() {
        // Linux's own packets: traffic class 0 and any (auto) flow label.
        assertFalse(ProbeTag.read(6 << 28 | 0x12345).isPresent());
        assertFalse(ProbeTag.read(6 << 28 | 0x7f << 20 | 5).isPresent());
        assertFalse("not IPv6", ProbeTag.read(4 << 28 | 0x80 << 20).isPresent());
    }

    @Test
    public void refusesWhatDoesNotFit() {
        assertRejected(() -> ProbeTag.of(4, 0, 0), "outside");
        assertRejected(() -> ProbeTag.of(0, 32, 0), "outside");
        assertRejected(() -> ProbeTag.of(0, 0, 1 << 20), "outside");
    }
}
