// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import com.google.common.base.Ticker;
import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import com.google.common.util.concurrent.ExecutionError;
import com.google.common.util.concurrent.UncheckedExecutionException;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Answers of identical history queries (telemetry, events) for a short while: the first asker computes, those
 * asking the same meanwhile wait for that answer, and nobody gets one older than the time to
 * live. The sample writers flush once a second, so an answer of up to a second ago shows what a
 * fresh query could. Failures are not kept.
 */
public final class QueryCache {

    /** How long an answer is shared. */
    public static final Duration TIME_TO_LIVE = Duration.ofSeconds(1);
    private static final int MAX_ANSWERS = 1_000;

    private final Cache<Object, Object> answers;

    /** An empty cache on the system's clock. */
    public QueryCache() {
        this(Ticker.systemTicker());
    }

    /** A cache whose time is told by a ticker (tests). */
    QueryCache(Ticker ticker) {
        answers = CacheBuilder.newBuilder().expireAfterWrite(TIME_TO_LIVE.toNanos(), TimeUnit.NANOSECONDS)
                .maximumSize(MAX_ANSWERS).ticker(ticker).build();
    }

    /**
     * Returns the answer to a query, computed at most once per time to live.
     *
     * @param key     the query and every argument
     * @param compute computes the answer
     * @param <T>     the answer's type
     * @return the answer
     */
    @SuppressWarnings("unchecked")
    public <T> T get(Object key, Supplier<T> compute) {
        try {
            return (T) answers.get(key, compute::get);
        } catch (UncheckedExecutionException | ExecutionError e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw e;
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());   // the supplier throws no checked exception
        }
    }

    /** Forgets every answer (a database that changed). */
    public void clear() {
        answers.invalidateAll();
    }
}
