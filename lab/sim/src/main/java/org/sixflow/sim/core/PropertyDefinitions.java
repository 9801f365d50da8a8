// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.core;

import com.google.common.collect.ImmutableList;
import org.onosproject.cfg.ConfigProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads a component's configurable properties from its {@code .cfgdef} resource, the file
 * onos-maven-plugin generates from the component's {@code @Component(property = ...)} and ONOS
 * 2.7's ComponentConfigManager registers properties from: one {@code name|TYPE|default|description}
 * line per property.
 */
final class PropertyDefinitions {

    private static final Logger log = LoggerFactory.getLogger(PropertyDefinitions.class);

    /** The resource suffix. */
    static final String EXTENSION = ".cfgdef";

    private PropertyDefinitions() {
    }

    /**
     * Finds a component class's definitions where ONOS looks: next to the class, then under its
     * canonical name from the class path root.
     *
     * @param componentClass the component class
     * @return the resource's content, or null if there is none
     */
    static InputStream find(Class<?> componentClass) {
        String resource = componentClass.getSimpleName() + EXTENSION;
        if (componentClass.getResource(resource) == null) {
            resource = "/" + componentClass.getCanonicalName().replace('.', '/') + EXTENSION;
        }
        return componentClass.getResourceAsStream(resource);
    }

    /**
     * Reads definitions; a malformed line is logged and skipped, as ONOS does.
     *
     * @param in the resource's content
     * @return the properties, with their defaults as values
     * @throws IOException              if it cannot be read
     * @throws IllegalArgumentException for an unknown property type
     */
    static List<ConfigProperty> read(InputStream in) throws IOException {
        ImmutableList.Builder<ConfigProperty> properties = ImmutableList.builder();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.split("\\|", 4);
                if (fields.length < 4) {
                    log.warn("Cannot parse property from line: '{}'. This property will be ignored", line);
                    continue;
                }
                ConfigProperty.Type type;
                try {
                    type = ConfigProperty.Type.valueOf(fields[1]);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("Property " + fields[0] + " has unknown type " + fields[1], e);
                }
                properties.add(ConfigProperty.defineProperty(fields[0], type, fields[2], fields[3]));
            }
        }
        return properties.build();
    }
}
