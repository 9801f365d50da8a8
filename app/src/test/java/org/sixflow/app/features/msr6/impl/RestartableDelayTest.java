// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.junit.After;
import org.junit.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

public class RestartableDelayTest {

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final RestartableDelay delay = new RestartableDelay(timer);
    private final List<String> ran = new CopyOnWriteArrayList<>();

    @After
    public void tearDown() {
        timer.shutdownNow();
    }

    @Test
    public void aRestartDropsTheTaskWaitingAndOnlyTheLastRuns() throws Exception {
        CountDownLatch last = new CountDownLatch(1);
        delay.restart(200, () -> ran.add("first"));
        delay.restart(200, () -> ran.add("second"));
        delay.restart(50, () -> {
            ran.add("third");
            last.countDown();
        });
        assertTrue(last.await(5, TimeUnit.SECONDS));
        // Past the first two tasks' time: they were dropped, not only put off.
        timer.schedule(() -> { }, 300, TimeUnit.MILLISECONDS).get();
        assertEquals(List.of("third"), ran);
    }

    @Test
    public void cancelDropsTheTaskWaiting() throws Exception {
        delay.restart(50, () -> ran.add("dropped"));
        delay.cancel();
        timer.schedule(() -> { }, 150, TimeUnit.MILLISECONDS).get();
        assertEquals(List.of(), ran);
    }
}
