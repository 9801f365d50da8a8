// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The data-plane profiles of pipeconf/profiles.json, which the bundle carries: the one list
 * build-p4.sh compiles, the loader registers and the capabilities are read from.
 */
public final class PipeconfProfiles {

    /** Where the bundle carries profiles.json. */
    public static final String RESOURCE = "/profiles.json";

    private static final Map<String, PipeconfProfile> BUNDLED;

    static {
        try (InputStream in = PipeconfProfiles.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the bundle lacks " + RESOURCE);
            }
            BUNDLED = parse(new ObjectMapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    private PipeconfProfiles() {
    }

    /**
     * Parses the profiles of a profiles.json document.
     *
     * @param root the document
     * @return profiles by name, in the file's order
     * @throws IllegalArgumentException naming what is wrong
     */
    static Map<String, PipeconfProfile> parse(JsonNode root) {
        JsonNode profiles = root.path("profiles");
        checkArgument(profiles.isObject() && profiles.size() > 0, "profiles.json has no profiles");
        Map<String, PipeconfProfile> byName = new LinkedHashMap<>();
        profiles.fields().forEachRemaining(entry -> {
            Set<Feature> features = EnumSet.noneOf(Feature.class);
            entry.getValue().path("features").forEach(f -> features.add(Feature.valueOf(f.asText())));
            List<PipeconfTarget> targets = new ArrayList<>();
            entry.getValue().path("targets").forEach(t -> targets.add(PipeconfTarget.ofId(t.asText())
                    .orElseThrow(() -> new IllegalArgumentException(
                            "profile " + entry.getKey() + " names unknown target " + t.asText()))));
            checkArgument(!targets.isEmpty(), "profile %s has no targets", entry.getKey());
            byName.put(entry.getKey(), new PipeconfProfile(entry.getKey(), features, Set.copyOf(targets)));
        });
        return Collections.unmodifiableMap(byName);
    }

    /**
     * Returns every profile, in profiles.json's order.
     *
     * @return the profiles
     */
    public static List<PipeconfProfile> all() {
        return List.copyOf(BUNDLED.values());
    }

    /**
     * Returns a profile by name.
     *
     * @param name e.g. "core"
     * @return the profile, or empty
     */
    public static Optional<PipeconfProfile> named(String name) {
        return Optional.ofNullable(BUNDLED.get(name));
    }
}
