// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.store;

import org.onosproject.store.service.AsyncAtomicCounter;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/** A named atomic counter, shared by everything that builds one with its name; from 0. */
final class SimAtomicCounter implements AsyncAtomicCounter {

    private final String name;
    private final AtomicLong value = new AtomicLong();

    SimAtomicCounter(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public CompletableFuture<Long> incrementAndGet() {
        return CompletableFuture.completedFuture(value.incrementAndGet());
    }

    @Override
    public CompletableFuture<Long> getAndIncrement() {
        return CompletableFuture.completedFuture(value.getAndIncrement());
    }

    @Override
    public CompletableFuture<Long> getAndAdd(long delta) {
        return CompletableFuture.completedFuture(value.getAndAdd(delta));
    }

    @Override
    public CompletableFuture<Long> addAndGet(long delta) {
        return CompletableFuture.completedFuture(value.addAndGet(delta));
    }

    @Override
    public CompletableFuture<Long> get() {
        return CompletableFuture.completedFuture(value.get());
    }

    @Override
    public CompletableFuture<Void> set(long newValue) {
        value.set(newValue);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Boolean> compareAndSet(long expectedValue, long updateValue) {
        return CompletableFuture.completedFuture(value.compareAndSet(expectedValue, updateValue));
    }
}
