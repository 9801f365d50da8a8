// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Numbers in Sixflow's JSON: a figure that does not exist (NaN, a counter not reported) is null.
 */
final class JsonNumbers {

    private JsonNumbers() {
    }

    static ObjectNode putFinite(ObjectNode node, String name, double value) {
        if (Double.isFinite(value)) {
            node.put(name, value);
        } else {
            node.putNull(name);
        }
        return node;
    }

    static ObjectNode putNullable(ObjectNode node, String name, Double value) {
        return value == null ? node.putNull(name) : putFinite(node, name, value);
    }

    static ObjectNode putNullable(ObjectNode node, String name, Long value) {
        if (value == null) {
            node.putNull(name);
        } else {
            node.put(name, value);
        }
        return node;
    }
}
