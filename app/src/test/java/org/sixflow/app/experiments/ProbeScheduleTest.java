// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.junit.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

/**
 * The schedule interleaves classes in blocks, numbers each class's packets in sending order,
 * puts each cell and repetition's warm-up first, and is the same for the same seed.
 */
public class ProbeScheduleTest {

    private static List<ProbeSlot> slots(ProbeSchedule s) {
        return StreamSupport.stream(s.spliterator(), false).collect(Collectors.toList());
    }

    @Test
    public void everyPacketOnceInBlocksWithSequenceNumbersInOrder() {
        ProbeSchedule s = ProbeSchedule.of(3, 1, 1, 0, 250, 100, 7);
        List<ProbeSlot> slots = slots(s);
        assertEquals(750, slots.size());
        assertEquals(750, s.size());
        for (int c = 0; c < 3; c++) {
            int k = c;
            List<Long> sequences = slots.stream().filter(x -> x.classIndex() == k).map(ProbeSlot::sequence)
                    .collect(Collectors.toList());
            List<Long> expected = new ArrayList<>();
            for (long i = 0; i < 250; i++) {
                expected.add(i);
            }
            assertEquals(expected, sequences);
        }
        // Runs of one class: blocks of 100 and the last 50 (adjacent rounds may join two blocks).
        int run = 1;
        List<Integer> runs = new ArrayList<>();
        for (int i = 1; i <= slots.size(); i++) {
            if (i < slots.size() && slots.get(i).classIndex() == slots.get(i - 1).classIndex()) {
                run++;
            } else {
                runs.add(run);
                run = 1;
            }
        }
        assertTrue(runs.toString(), runs.stream().allMatch(r -> r % 50 == 0 && r <= 200));
        assertTrue("classes take turns", runs.size() >= 5);
    }

    @Test
    public void theSeedDecidesTheOrder() {
        List<ProbeSlot> a = slots(ProbeSchedule.of(4, 1, 1, 0, 1000, 10, 1));
        assertEquals(a, slots(ProbeSchedule.of(4, 1, 1, 0, 1000, 10, 1)));
        assertNotEquals(a, slots(ProbeSchedule.of(4, 1, 1, 0, 1000, 10, 2)));
    }

    @Test
    public void cellsAndRepetitionsInOrderWarmupFirst() {
        ProbeSchedule s = ProbeSchedule.of(2, 2, 3, 5, 20, 4, 9);
        List<ProbeSlot> slots = slots(s);
        assertEquals(2 * 2 * 3 * 25, slots.size());
        int index = 0;
        for (int cell = 0; cell < 2; cell++) {
            for (int rep = 0; rep < 3; rep++) {
                for (int i = 0; i < 50; i++, index++) {
                    ProbeSlot slot = slots.get(index);
                    assertEquals(cell, slot.cell());
                    assertEquals(rep, slot.repetition());
                    assertEquals("warm-up first", i < 10, slot.warmup());
                }
            }
        }
        for (ProbeSlot slot : slots) {
            assertEquals("the number tells the slot", slot, s.slotOf(slot.classIndex(), slot.sequence()));
        }
        assertEquals(150, s.perClass());
    }
}
