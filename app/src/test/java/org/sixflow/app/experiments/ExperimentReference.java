// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The reference values in experiments/reference.json (made by experiments/make_fixture.py with
 * SciPy, NumPy and the lab's hosttools.py).
 */
public final class ExperimentReference {

    /** The whole fixture. */
    public static final JsonNode JSON = load();

    private ExperimentReference() {
    }

    private static JsonNode load() {
        try (InputStream in = ExperimentReference.class.getResourceAsStream("/experiments/reference.json")) {
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads an array of numbers.
     *
     * @param node the array
     * @return its values
     */
    public static double[] doubles(JsonNode node) {
        double[] values = new double[node.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = node.get(i).asDouble();
        }
        return values;
    }

    /**
     * Reads an array of whole numbers.
     *
     * @param node the array
     * @return its values
     */
    public static long[] longs(JsonNode node) {
        long[] values = new long[node.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = node.get(i).asLong();
        }
        return values;
    }
}
