// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import java.util.Collections;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.Map;

/** The read-only Dictionary SCR hands components as their properties. */
final class ReadOnlyDictionary extends Dictionary<String, Object> {

    private final Map<String, Object> map;

    ReadOnlyDictionary(Map<String, Object> map) {
        this.map = map;
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
    public Enumeration<String> keys() {
        return Collections.enumeration(map.keySet());
    }

    @Override
    public Enumeration<Object> elements() {
        return Collections.enumeration(map.values());
    }

    @Override
    public Object get(Object key) {
        return map.get(key);
    }

    @Override
    public Object put(String key, Object value) {
        throw new UnsupportedOperationException("Component properties are read-only");
    }

    @Override
    public Object remove(Object key) {
        throw new UnsupportedOperationException("Component properties are read-only");
    }

    @Override
    public String toString() {
        return map.toString();
    }
}
