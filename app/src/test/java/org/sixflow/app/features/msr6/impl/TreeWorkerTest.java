// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.junit.After;
import org.junit.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.slf4j.LoggerFactory.getLogger;

public class TreeWorkerTest {

    private final TreeWorker worker = new TreeWorker("sixflow/test", "trees-%d", 4, getLogger(getClass()));

    @After
    public void tearDown() {
        worker.stop(5_000);
    }

    @Test
    public void differentTreesRunAtOnce() throws Exception {
        CountDownLatch both = new CountDownLatch(2);
        CompletableFuture<Void> a = worker.submit("a", "a", () -> meet(both));
        CompletableFuture<Void> b = worker.submit("b", "b", () -> meet(both));
        a.get(10, TimeUnit.SECONDS);
        b.get(10, TimeUnit.SECONDS);
        assertEquals("each tree's task saw the other's running", 0, both.getCount());
    }

    private static void meet(CountDownLatch both) {
        both.countDown();
        try {
            both.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    public void eachTreesTasksRunInOrderOneAtATimeWhileOthersRun() throws Exception {
        Map<String, List<Integer>> ran = new ConcurrentHashMap<>();
        Map<String, AtomicInteger> running = new ConcurrentHashMap<>();
        AtomicInteger overlapsWithinATree = new AtomicInteger();
        AtomicInteger atOnce = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        Random random = new Random(7);
        List<CompletableFuture<Void>> done = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            String tree = "t" + random.nextInt(6);
            int n = i;
            long sleep = random.nextInt(3);
            done.add(worker.submit(tree, "step " + n, () -> {
                if (running.computeIfAbsent(tree, t -> new AtomicInteger()).incrementAndGet() > 1) {
                    overlapsWithinATree.incrementAndGet();
                }
                mostAtOnce.accumulateAndGet(atOnce.incrementAndGet(), Math::max);
                try {
                    Thread.sleep(sleep);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                ran.computeIfAbsent(tree, t -> new CopyOnWriteArrayList<>()).add(n);
                atOnce.decrementAndGet();
                running.get(tree).decrementAndGet();
            }));
        }
        CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(1, TimeUnit.MINUTES);
        assertEquals(0, overlapsWithinATree.get());
        for (List<Integer> steps : ran.values()) {
            List<Integer> sorted = new ArrayList<>(steps);
            sorted.sort(Integer::compare);
            assertEquals("submission order", sorted, steps);
        }
        assertEquals(400, ran.values().stream().mapToInt(List::size).sum());
        assertTrue("trees ran at once: " + mostAtOnce.get(), mostAtOnce.get() > 1);
        assertTrue(worker.idle());
    }

    @Test
    public void aTreeIsBusyWhileItsWorkIsQueuedOrRunningAndOnlyThen() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        assertFalse(worker.busy("a"));
        CompletableFuture<Void> running = worker.submit("a", "running", () -> {
            started.countDown();
            await(release);
        });
        CompletableFuture<Void> queued = worker.submit("a", "queued", () -> { });
        assertTrue(started.await(10, TimeUnit.SECONDS));
        assertTrue(worker.busy("a"));
        assertFalse(worker.busy("b"));
        release.countDown();
        running.get(10, TimeUnit.SECONDS);
        queued.get(10, TimeUnit.SECONDS);
        // The queue is forgotten just after its last task's future completes.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (worker.busy("a") && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertFalse(worker.busy("a"));
    }

    @Test
    public void workOnNoOneTreeRunsInOrderBesideATreeTaskThatHangs() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        List<String> order = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> a = worker.submit("a", "a", () -> {
            await(release);
            order.add("a");
        });
        CompletableFuture<Void> look1 = worker.submit("look 1", () -> order.add("look 1"));
        CompletableFuture<Void> look2 = worker.submit("look 2", () -> order.add("look 2"));
        CompletableFuture<Void> b = worker.submit("b", "b", () -> order.add("b"));
        CompletableFuture.allOf(look1, look2, b).get(10, TimeUnit.SECONDS);
        assertEquals("the work on no one tree in order, tree b beside them", List.of("look 1", "look 2"),
                     order.stream().filter(s -> s.startsWith("look")).collect(Collectors.toList()));
        assertTrue(order.contains("b"));
        assertFalse("a still hangs", a.isDone());
        release.countDown();
        a.get(10, TimeUnit.SECONDS);
        assertEquals("a", order.get(order.size() - 1));
    }

    @Test
    public void stopFinishesWhatRunsAndDropsWhatIsQueued() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        List<String> order = new CopyOnWriteArrayList<>();
        worker.submit("a", "a", () -> {
            started.countDown();
            sleep(300);
            order.add("a");
        });
        CompletableFuture<Void> queued = worker.submit("a", "a2", () -> order.add("a2"));
        started.await();
        worker.stop(5_000);
        queued.get(1, TimeUnit.SECONDS);
        assertEquals(List.of("a"), order);
        assertTrue(worker.submit("a", "late", () -> order.add("late")).isDone());
        assertEquals(List.of("a"), order);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
