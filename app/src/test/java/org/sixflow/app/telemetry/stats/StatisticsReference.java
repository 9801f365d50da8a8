// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.stats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The SciPy reference values in stats/reference.json (made by stats/make_fixture.py).
 */
final class StatisticsReference {

    static final JsonNode JSON = load();

    private StatisticsReference() {
    }

    private static JsonNode load() {
        try (InputStream in = StatisticsReference.class.getResourceAsStream("/stats/reference.json")) {
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static double[] samples(String name) {
        JsonNode values = JSON.path("samples").path(name);
        double[] result = new double[values.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = values.get(i).asDouble();
        }
        return result;
    }
}
