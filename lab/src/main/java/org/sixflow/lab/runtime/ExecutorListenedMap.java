// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.runtime;

import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Versioned;

import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A consistent map that hands each event to the executor its listener was registered with, over
 * a map that calls listeners directly. Every other call goes to the map underneath.
 *
 * @param <K> key type
 * @param <V> value type
 */
final class ExecutorListenedMap<K, V> implements ConsistentMap<K, V> {

    private final ConsistentMap<K, V> map;
    private final Map<MapEventListener<K, V>, MapEventListener<K, V>> handOffs = new ConcurrentHashMap<>();

    ExecutorListenedMap(ConsistentMap<K, V> map) {
        this.map = map;
    }

    @Override
    public void addListener(MapEventListener<K, V> listener, Executor executor) {
        MapEventListener<K, V> handOff = event -> executor.execute(() -> listener.event(event));
        handOffs.put(listener, handOff);
        map.addListener(handOff);
    }

    @Override
    public void removeListener(MapEventListener<K, V> listener) {
        MapEventListener<K, V> handOff = handOffs.remove(listener);
        map.removeListener(handOff != null ? handOff : listener);
    }

    @Override
    public String name() {
        return map.name();
    }

    @Override
    public Type primitiveType() {
        return map.primitiveType();
    }

    @Override
    public int size() {
        return map.size();
    }

    @Override
    public boolean isEmpty() {
        return map.isEmpty();
    }

    @Override
    public boolean containsKey(K key) {
        return map.containsKey(key);
    }

    @Override
    public boolean containsValue(V value) {
        return map.containsValue(value);
    }

    @Override
    public Versioned<V> get(K key) {
        return map.get(key);
    }

    @Override
    public Versioned<V> getOrDefault(K key, V defaultValue) {
        return map.getOrDefault(key, defaultValue);
    }

    @Override
    public Versioned<V> computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        return map.computeIfAbsent(key, mappingFunction);
    }

    @Override
    public Versioned<V> compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        return map.compute(key, remappingFunction);
    }

    @Override
    public Versioned<V> computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        return map.computeIfPresent(key, remappingFunction);
    }

    @Override
    public Versioned<V> computeIf(K key, Predicate<? super V> condition,
                                  BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        return map.computeIf(key, condition, remappingFunction);
    }

    @Override
    public Versioned<V> put(K key, V value) {
        return map.put(key, value);
    }

    @Override
    public Versioned<V> putAndGet(K key, V value) {
        return map.putAndGet(key, value);
    }

    @Override
    public Versioned<V> remove(K key) {
        return map.remove(key);
    }

    @Override
    public void clear() {
        map.clear();
    }

    @Override
    public Set<K> keySet() {
        return map.keySet();
    }

    @Override
    public Collection<Versioned<V>> values() {
        return map.values();
    }

    @Override
    public Set<Map.Entry<K, Versioned<V>>> entrySet() {
        return map.entrySet();
    }

    @Override
    public Versioned<V> putIfAbsent(K key, V value) {
        return map.putIfAbsent(key, value);
    }

    @Override
    public boolean remove(K key, V value) {
        return map.remove(key, value);
    }

    @Override
    public boolean remove(K key, long version) {
        return map.remove(key, version);
    }

    @Override
    public Versioned<V> replace(K key, V value) {
        return map.replace(key, value);
    }

    @Override
    public boolean replace(K key, V oldValue, V newValue) {
        return map.replace(key, oldValue, newValue);
    }

    @Override
    public boolean replace(K key, long oldVersion, V newValue) {
        return map.replace(key, oldVersion, newValue);
    }

    @Override
    public Stream<Map.Entry<K, Versioned<V>>> stream() {
        return map.stream();
    }

    @Override
    public Iterator<Map.Entry<K, Versioned<V>>> iterator() {
        return map.iterator();
    }

    @Override
    public Map<K, V> asJavaMap() {
        return map.asJavaMap();
    }
}
