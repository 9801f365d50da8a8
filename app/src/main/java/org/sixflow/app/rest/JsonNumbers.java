// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Numbers in Sixflow's JSON: a figure that does not exist (NaN, a counter not reported) is null.
 */
public final class JsonNumbers {

    private JsonNumbers() {
    }

    /**
     * Puts a number, or null when it is not finite.
     *
     * @param node  the object
     * @param name  the field
     * @param value the number
     * @return the object
     */
    public static ObjectNode putFinite(ObjectNode node, String name, double value) {
        if (Double.isFinite(value)) {
            node.put(name, value);
        } else {
            node.putNull(name);
        }
        return node;
    }

    /**
     * Puts a number, or null when there is none or it is not finite.
     *
     * @param node  the object
     * @param name  the field
     * @param value the number, or null
     * @return the object
     */
    public static ObjectNode putNullable(ObjectNode node, String name, Double value) {
        return value == null ? node.putNull(name) : putFinite(node, name, value);
    }

    /**
     * Puts a count, or null when there is none.
     *
     * @param node  the object
     * @param name  the field
     * @param value the count, or null
     * @return the object
     */
    public static ObjectNode putNullable(ObjectNode node, String name, Long value) {
        if (value == null) {
            node.putNull(name);
        } else {
            node.put(name, value);
        }
        return node;
    }
}
