// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which trees hold an entry under a key, and the entry as each holds it. Every value a tree adds
 * is kept, equal ones too: ONOS's FlowRule#equals ignores the action, and two versions of a tree
 * may hold one key with different actions. Not thread-safe: TreeIndex guards it.
 *
 * @param <K> key type (a flow id; a device and group id or key)
 * @param <V> entry type
 */
final class EntryHolders<K, V> {

    private final Map<K, Map<String, List<V>>> holders = new HashMap<>();

    /**
     * Records that a tree holds an entry.
     *
     * @param key    the entry's key
     * @param treeId the tree
     * @param value  the entry
     */
    void add(K key, String treeId, V value) {
        holders.computeIfAbsent(key, k -> new LinkedHashMap<>(2))
                .computeIfAbsent(treeId, t -> new ArrayList<>(2)).add(value);
    }

    /**
     * Forgets every entry a tree holds under a key.
     *
     * @param key    the key
     * @param treeId the tree
     */
    void remove(K key, String treeId) {
        Map<String, List<V>> trees = holders.get(key);
        if (trees != null) {
            trees.remove(treeId);
            if (trees.isEmpty()) {
                holders.remove(key);
            }
        }
    }

    /**
     * The trees holding entries under a key.
     *
     * @param key the key
     * @return tree id to its entries, in the order the trees were added (a copy)
     */
    Map<String, List<V>> get(K key) {
        Map<String, List<V>> trees = holders.get(key);
        if (trees == null) {
            return ImmutableMap.of();
        }
        ImmutableMap.Builder<String, List<V>> copy = ImmutableMap.builder();
        trees.forEach((tree, values) -> copy.put(tree, ImmutableList.copyOf(values)));
        return copy.build();
    }

    /** How many keys some tree holds. */
    int size() {
        return holders.size();
    }
}
