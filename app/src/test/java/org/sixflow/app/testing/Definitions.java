// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The REST API's JSON schemas as the bundle carries them (definitions/NAME.json). */
public final class Definitions {

    private Definitions() {
    }

    /**
     * Reads a schema.
     *
     * @param name its name, e.g. MultihomingStudy
     * @return the schema
     */
    public static JsonNode schema(String name) {
        try (InputStream in = Definitions.class.getResourceAsStream("/definitions/" + name + ".json")) {
            if (in == null) {
                throw new IllegalArgumentException("no definitions/" + name + ".json");
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
