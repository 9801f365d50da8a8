// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.junit.Test;
import org.sixflow.app.api.ExperimentTable;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;

public class EndedRunTablesTest {

    private final EndedRunTables tables = new EndedRunTables();
    private final AtomicInteger layouts = new AtomicInteger();

    private Supplier<List<ExperimentTable>> layout(List<ExperimentTable> result) {
        return () -> {
            layouts.incrementAndGet();
            return result;
        };
    }

    private static List<ExperimentTable> oneTable(String id) {
        return List.of(ExperimentTable.of(id, "t", List.of("c"), List.of(List.of((Object) "1"))));
    }

    @Test
    public void anEndedRunsTablesAreLaidOutOnce() {
        List<ExperimentTable> first = tables.get(7, true, layout(oneTable("packets-a")));
        List<ExperimentTable> again = tables.get(7, true, layout(oneTable("other")));
        assertEquals(1, layouts.get());
        assertSame(first, again);
    }

    @Test
    public void aRunStillGoingIsLaidOutEveryTime() {
        tables.get(7, false, layout(oneTable("packets-a")));
        tables.get(7, false, layout(oneTable("packets-a")));
        assertEquals(2, layouts.get());
    }

    @Test
    public void noTablesAreNotKeptSinceTheFeatureMayComeLater() {
        tables.get(7, true, layout(List.of()));
        assertEquals("packets-a", tables.get(7, true, layout(oneTable("packets-a"))).get(0).id());
        assertEquals(2, layouts.get());
    }

    @Test
    public void theLeastRecentlyAskedRunIsForgottenBeyondTheCapacity() {
        for (long run = 0; run <= EndedRunTables.CAPACITY; run++) {
            tables.get(run, true, layout(oneTable("packets-" + run)));
        }
        tables.get(EndedRunTables.CAPACITY, true, layout(oneTable("x")));
        assertEquals(EndedRunTables.CAPACITY + 1, layouts.get());
        tables.get(0, true, layout(oneTable("packets-0")));
        assertEquals(EndedRunTables.CAPACITY + 2, layouts.get());
    }
}
