// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history.minutes;

import org.junit.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * Stability runs: runs joined one after another give what the whole run gives; runs that
 * overlap in timestamp order say they are inexact.
 */
public class StabilityRunTest {

    private static List<StabilityRun.Point> points(int n, long seed) {
        Random random = new Random(seed);
        List<StabilityRun.Point> points = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < n; i++) {
            t += random.nextInt(3) == 0 ? 0 : 1_000 + random.nextInt(500);    // some equal timestamps
            points.add(new StabilityRun.Point(t, i, 1_000 + random.nextInt(400)));
        }
        return points;
    }

    @Test
    public void joinedRunsAreTheWholeRun() {
        List<StabilityRun.Point> all = points(1_000, 1);
        StabilityRun whole = StabilityRun.ofSorted(all);
        StabilityRun joined = StabilityRun.EMPTY;
        for (int from = 0; from < all.size(); from += 137) {
            StabilityRun part = StabilityRun.ofSorted(all.subList(from, Math.min(all.size(), from + 137)));
            // Either way round: merge puts the earlier run first.
            joined = from % 2 == 0 ? joined.merge(part) : part.merge(joined);
        }
        assertTrue(joined.exact());
        assertEquals(whole.pairs(), joined.pairs());
        assertEquals(whole.ratioSum(), joined.ratioSum(), 1e-12 * whole.ratioSum());
        assertEquals(whole.ratioMax(), joined.ratioMax(), 0);
        assertEquals(all.get(0), joined.first());
        assertEquals(all.get(all.size() - 1), joined.last());
    }

    @Test
    public void overlappingRunsAreInexact() {
        List<StabilityRun.Point> all = points(100, 2);
        List<StabilityRun.Point> even = new ArrayList<>();
        List<StabilityRun.Point> odd = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            (i % 2 == 0 ? even : odd).add(all.get(i));
        }
        StabilityRun merged = StabilityRun.ofSorted(even).merge(StabilityRun.ofSorted(odd));
        assertFalse(merged.exact());
        assertFalse(merged.merge(StabilityRun.ofSorted(points(3, 3))).exact());
        assertFalse(StabilityRun.EMPTY.merge(merged).exact());
    }

    @Test
    public void emptyRunsChangeNothing() {
        StabilityRun run = StabilityRun.ofSorted(points(10, 4));
        assertEquals(run.pairs(), run.merge(StabilityRun.EMPTY).pairs());
        assertTrue(StabilityRun.EMPTY.merge(run).exact());
        assertNull(StabilityRun.EMPTY.first());
        assertEquals(0, StabilityRun.ofSorted(List.of(new StabilityRun.Point(5, 1, 7))).pairs());
    }
}
