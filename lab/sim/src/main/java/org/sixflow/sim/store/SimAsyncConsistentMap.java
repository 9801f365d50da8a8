// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.store;

import org.onosproject.core.ApplicationId;
import org.onosproject.store.primitives.MapUpdate;
import org.onosproject.store.primitives.TransactionId;
import org.onosproject.store.service.AsyncConsistentMap;
import org.onosproject.store.service.AsyncIterator;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.TransactionLog;
import org.onosproject.store.service.Version;
import org.onosproject.store.service.Versioned;

import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The asynchronous face of a {@link SimConsistentMap}: each operation runs at once in the caller's
 * thread and returns a completed future (failed when the operation throws). Transactions are not
 * simulated: their methods return futures failed with UnsupportedOperationException.
 *
 * @param <K> key type
 * @param <V> value type
 */
final class SimAsyncConsistentMap<K, V> implements AsyncConsistentMap<K, V> {

    private final SimConsistentMap<K, V> map;

    SimAsyncConsistentMap(SimConsistentMap<K, V> map) {
        this.map = map;
    }

    @Override
    public String name() {
        return map.name();
    }

    @Override
    public ApplicationId applicationId() {
        return map.applicationId();
    }

    @Override
    public CompletableFuture<Integer> size() {
        return run(map::size);
    }

    @Override
    public CompletableFuture<Boolean> containsKey(K key) {
        return run(() -> map.containsKey(key));
    }

    @Override
    public CompletableFuture<Boolean> containsValue(V value) {
        return run(() -> map.containsValue(value));
    }

    @Override
    public CompletableFuture<Versioned<V>> get(K key) {
        return run(() -> map.get(key));
    }

    @Override
    public CompletableFuture<Versioned<V>> getOrDefault(K key, V defaultValue) {
        return run(() -> map.getOrDefault(key, defaultValue));
    }

    @Override
    public CompletableFuture<Versioned<V>> computeIf(K key, Predicate<? super V> condition,
                                                     BiFunction<? super K, ? super V, ? extends V> function) {
        return run(() -> map.computeIf(key, condition, function));
    }

    @Override
    public CompletableFuture<Versioned<V>> put(K key, V value) {
        return run(() -> map.put(key, value));
    }

    @Override
    public CompletableFuture<Versioned<V>> putAndGet(K key, V value) {
        return run(() -> map.putAndGet(key, value));
    }

    @Override
    public CompletableFuture<Versioned<V>> remove(K key) {
        return run(() -> map.remove(key));
    }

    @Override
    public CompletableFuture<Void> clear() {
        return run(() -> {
            map.clear();
            return null;
        });
    }

    @Override
    public CompletableFuture<Set<K>> keySet() {
        return run(map::keySet);
    }

    @Override
    public CompletableFuture<Collection<Versioned<V>>> values() {
        return run(map::values);
    }

    @Override
    public CompletableFuture<Set<Map.Entry<K, Versioned<V>>>> entrySet() {
        return run(map::entrySet);
    }

    @Override
    public CompletableFuture<Versioned<V>> putIfAbsent(K key, V value) {
        return run(() -> map.putIfAbsent(key, value));
    }

    @Override
    public CompletableFuture<Boolean> remove(K key, V value) {
        return run(() -> map.remove(key, value));
    }

    @Override
    public CompletableFuture<Boolean> remove(K key, long version) {
        return run(() -> map.remove(key, version));
    }

    @Override
    public CompletableFuture<Versioned<V>> replace(K key, V value) {
        return run(() -> map.replace(key, value));
    }

    @Override
    public CompletableFuture<Boolean> replace(K key, V oldValue, V newValue) {
        return run(() -> map.replace(key, oldValue, newValue));
    }

    @Override
    public CompletableFuture<Boolean> replace(K key, long oldVersion, V newValue) {
        return run(() -> map.replace(key, oldVersion, newValue));
    }

    @Override
    public CompletableFuture<Void> addListener(MapEventListener<K, V> listener, Executor executor) {
        return run(() -> {
            map.addListener(listener, executor);
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> removeListener(MapEventListener<K, V> listener) {
        return run(() -> {
            map.removeListener(listener);
            return null;
        });
    }

    @Override
    public CompletableFuture<AsyncIterator<Map.Entry<K, Versioned<V>>>> iterator() {
        return run(() -> {
            Iterator<Map.Entry<K, Versioned<V>>> entries = map.iterator();
            return new AsyncIterator<Map.Entry<K, Versioned<V>>>() {
                @Override
                public CompletableFuture<Boolean> hasNext() {
                    return CompletableFuture.completedFuture(entries.hasNext());
                }

                @Override
                public CompletableFuture<Map.Entry<K, Versioned<V>>> next() {
                    return run(entries::next);
                }
            };
        });
    }

    @Override
    public ConsistentMap<K, V> asConsistentMap() {
        return map;
    }

    @Override
    public ConsistentMap<K, V> asConsistentMap(long timeoutMillis) {
        return map;
    }

    @Override
    public CompletableFuture<Version> begin(TransactionId transactionId) {
        return noTransactions();
    }

    @Override
    public CompletableFuture<Boolean> prepare(TransactionLog<MapUpdate<K, V>> transactionLog) {
        return noTransactions();
    }

    @Override
    public CompletableFuture<Boolean> prepareAndCommit(TransactionLog<MapUpdate<K, V>> transactionLog) {
        return noTransactions();
    }

    @Override
    public CompletableFuture<Void> commit(TransactionId transactionId) {
        return noTransactions();
    }

    @Override
    public CompletableFuture<Void> rollback(TransactionId transactionId) {
        return noTransactions();
    }

    private static <T> CompletableFuture<T> noTransactions() {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("Transactions are not simulated"));
    }

    private static <T> CompletableFuture<T> run(Supplier<T> operation) {
        try {
            return CompletableFuture.completedFuture(operation.get());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
