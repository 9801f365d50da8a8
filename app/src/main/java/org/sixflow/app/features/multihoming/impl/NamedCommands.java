// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Commands an operator configured by name, read from a component property: entries separated by
 * {@code ;}, each {@code NAME=COMMAND WORDS}. The words are split on white space and run without
 * a shell, as ONOS's user. An empty text configures none.
 */
final class NamedCommands {

    private static final NamedCommands NONE = new NamedCommands(Map.of());

    private final Map<String, List<String>> commands;

    private NamedCommands(Map<String, List<String>> commands) {
        this.commands = Map.copyOf(commands);
    }

    /** None configured. */
    static NamedCommands none() {
        return NONE;
    }

    /**
     * Reads the property's text.
     *
     * @param text     the property
     * @param property the property's name, for messages
     * @param names    which names are valid
     * @param example  a valid name
     * @return the commands
     * @throws IllegalArgumentException naming the entry that is wrong
     */
    static NamedCommands parse(String text, String property, Predicate<String> names, String example) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        Map<String, List<String>> commands = new LinkedHashMap<>();
        for (String entry : text.split(";")) {
            if (entry.isBlank()) {
                continue;
            }
            int eq = entry.indexOf('=');
            checkArgument(eq > 0, "%s: entry \"%s\" is not NAME=COMMAND WORDS (e.g. %s=ip netns exec ns1)",
                          property, entry.strip(), example);
            String name = entry.substring(0, eq).strip();
            List<String> words = Arrays.asList(entry.substring(eq + 1).strip().split("\\s+"));
            checkArgument(names.test(name), "%s: \"%s\" is not a valid name (e.g. %s)", property, name, example);
            checkArgument(!words.get(0).isEmpty(), "%s: %s has no command", property, name);
            checkArgument(commands.put(name, words) == null, "%s: %s appears twice", property, name);
        }
        return new NamedCommands(commands);
    }

    /**
     * The command configured for a name.
     *
     * @param name the name
     * @return its words
     */
    Optional<List<String>> command(String name) {
        return Optional.ofNullable(commands.get(name));
    }

    /** Whether nothing is configured. */
    boolean isEmpty() {
        return commands.isEmpty();
    }

    @Override
    public String toString() {
        return commands.keySet().toString();
    }
}
