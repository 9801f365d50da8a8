// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import com.google.common.base.Ticker;
import org.junit.Test;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * The query cache: one computation for identical queries at once, none older than the time to
 * live, failures not kept.
 */
public class QueryCacheTest {

    private final AtomicLong nanos = new AtomicLong();
    private final QueryCache cache = new QueryCache(new Ticker() {
        @Override
        public long read() {
            return nanos.get();
        }
    });

    @Test
    public void identicalQueriesShareOneAnswerUntilItExpires() {
        AtomicInteger computed = new AtomicInteger();
        assertEquals(1, (int) cache.get(List.of("q", 1), computed::incrementAndGet));
        assertEquals(1, (int) cache.get(List.of("q", 1), computed::incrementAndGet));
        assertEquals(2, (int) cache.get(List.of("q", 2), computed::incrementAndGet));    // other arguments
        nanos.addAndGet(QueryCache.TIME_TO_LIVE.toNanos());
        assertEquals(3, (int) cache.get(List.of("q", 1), computed::incrementAndGet));    // expired
        cache.clear();
        assertEquals(4, (int) cache.get(List.of("q", 1), computed::incrementAndGet));
    }

    @Test
    public void askersOfTheSameQueryAtOnceWaitForOneComputation() throws Exception {
        AtomicInteger computed = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> answers = new java.util.ArrayList<>();
            for (int i = 0; i < 8; i++) {
                answers.add(pool.submit(() -> cache.get("slow", () -> {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return computed.incrementAndGet();
                })));
            }
            release.countDown();
            for (Future<Integer> answer : answers) {
                assertEquals(1, (int) answer.get(10, TimeUnit.SECONDS));
            }
            assertEquals(1, computed.get());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    public void failuresReachTheAskerAndAreNotKept() {
        assertRejected(() -> cache.get("bad", () -> {
            throw new IllegalArgumentException("from must be before to");
        }), "from must be before to");
        assertEquals("fine", cache.get("bad", () -> "fine"));
    }
}
