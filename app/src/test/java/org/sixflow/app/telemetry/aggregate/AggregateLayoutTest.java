// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.junit.Test;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The layout read from the committed P4Info of each target: the figures define.p4 and each
 * main.p4 declare.
 */
public class AggregateLayoutTest {

    private final AggregateLayout layout = AggregateLayout.of(BundledPipeconfs.bmv2()).orElseThrow();

    @Test
    public void bmv2LayoutComesFromP4Info() {
        assertEquals(8192, layout.slots());      // LATENCY_SLOTS
        assertEquals(8, layout.buckets());       // LATENCY_BUCKETS
        assertEquals(64, layout.sumBits());      // latency_sum and latency_sum_hi, 32 bits each
        assertTrue(layout.sumHighRegisterId().isPresent());
        assertTrue(layout.packetsCounterId() != 0 && layout.sumRegisterId() != layout.minRegisterId());
    }

    @Test
    public void tofinoLayoutComesFromItsOwnP4Info() {
        AggregateLayout tofino = AggregateLayout.of(BundledPipeconfs.tofino()).orElseThrow();
        assertEquals(8192, tofino.slots());
        assertEquals(8, tofino.buckets());
        assertEquals(64, tofino.sumBits());      // latency_sum and latency_sum_hi, as on bmv2
        assertTrue(tofino.sumHighRegisterId().isPresent());
        assertEquals(tofino.slot(5, 300), layout.slot(5, 300));
    }

    @Test
    public void slotsAtPortsAreEveryClassAtEachPortInRange() {
        List<Integer> slots = layout.slotsAt(List.of(2L, 1L, 2L, 512L, -1L));
        assertEquals(2 * 16, slots.size());
        assertEquals(List.of(1, 2, 512 + 1, 512 + 2), slots.subList(0, 4));
        assertEquals(Integer.valueOf(layout.slot(15, 2)), slots.get(slots.size() - 1));
        assertEquals(List.of(), layout.slotsAt(List.of()));
    }

    @Test
    public void slotIsClassShiftedOverPortBits() {
        // "A latency slot is class << 9 | egress port" (pipeconf/README.md).
        assertEquals(5 << 9 | 300, layout.slot(5, 300));
        assertEquals(5, layout.classOf(5 << 9 | 300));
        assertEquals(300, layout.portOf(5 << 9 | 300));
    }

    @Test(expected = IllegalArgumentException.class)
    public void portPastTheSlotRangeIsRefused() {
        layout.slot(0, 512);
    }

    @Test
    public void p4InfoWithoutTheAggregatesIsNamed() {
        try {
            AggregateLayout.fromP4InfoText(new ByteArrayInputStream("pkg_info { arch: \"v1model\" }"
                                                                             .getBytes(StandardCharsets.UTF_8)));
            fail("accepted a P4Info without aggregates");
        } catch (IllegalArgumentException e) {
            assertEquals("P4Info has no counter SixflowEgress.latency_packets", e.getMessage());
        }
    }
}
