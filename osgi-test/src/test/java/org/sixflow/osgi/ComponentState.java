// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.osgi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A component as Felix SCR's console commands report it: {@code scr:list} gives its state,
 * {@code scr:info} the service interfaces of its unsatisfied references.
 */
final class ComponentState {

    /** "org.x.Foo in bundle 12 (org.x:1.0) enabled, 1 instance." */
    private static final Pattern LISTED =
            Pattern.compile("^(\\S+) in bundle (\\d+) \\(([^)]*)\\) (enabled|disabled), \\d+ instances?\\.\\s*$");
    /** "    Id: 6, State:UNSATISFIED REFERENCE" */
    private static final Pattern CONFIGURATION = Pattern.compile("^\\s+Id: \\d+, State:(.+?)\\s*$");
    private static final Pattern DESCRIPTION = Pattern.compile("^Component Description: (\\S+)\\s*$");
    /** "  - coreService: org.onosproject.core.CoreService UNSATISFIED 1..1 static" */
    private static final Pattern UNSATISFIED = Pattern.compile("^\\s*- \\S+: (\\S+) UNSATISFIED\\b.*$");

    private final String name;
    private final long bundleId;
    private final boolean enabled;
    private final List<String> states;

    private ComponentState(String name, long bundleId, boolean enabled, List<String> states) {
        this.name = name;
        this.bundleId = bundleId;
        this.enabled = enabled;
        this.states = states;
    }

    /**
     * Reads {@code scr:list} output.
     *
     * @param printed what the command printed
     * @return components by name
     */
    static Map<String, ComponentState> parseList(String printed) {
        Map<String, ComponentState> components = new LinkedHashMap<>();
        ComponentState current = null;
        for (String line : printed.split("\\R")) {
            Matcher listed = LISTED.matcher(line);
            Matcher configuration = CONFIGURATION.matcher(line);
            if (listed.matches()) {
                current = new ComponentState(listed.group(1), Long.parseLong(listed.group(2)),
                                             "enabled".equals(listed.group(4)), new ArrayList<>());
                components.put(current.name, current);
            } else if (configuration.matches() && current != null) {
                current.states.add(configuration.group(1));
            }
        }
        return components;
    }

    /**
     * Reads the unsatisfied references out of one or more {@code scr:info} outputs.
     *
     * @param printed what the commands printed
     * @return the service interfaces each component still waits for, by component name
     */
    static Map<String, List<String>> parseUnsatisfied(String printed) {
        Map<String, List<String>> unsatisfied = new LinkedHashMap<>();
        List<String> current = null;
        for (String line : printed.split("\\R")) {
            Matcher description = DESCRIPTION.matcher(line);
            Matcher reference = UNSATISFIED.matcher(line);
            if (description.matches()) {
                current = unsatisfied.computeIfAbsent(description.group(1), n -> new ArrayList<>());
            } else if (reference.matches() && current != null && !current.contains(reference.group(1))) {
                current.add(reference.group(1));
            }
        }
        return unsatisfied;
    }

    String name() {
        return name;
    }

    long bundleId() {
        return bundleId;
    }

    boolean enabled() {
        return enabled;
    }

    /** @return the state of each configuration, e.g. ACTIVE, SATISFIED, UNSATISFIED REFERENCE */
    List<String> states() {
        return List.copyOf(states);
    }

    /** @return whether SCR has everything it needs to run it */
    boolean satisfied() {
        return enabled && !states.isEmpty()
                && states.stream().allMatch(s -> s.equals("ACTIVE") || s.equals("SATISFIED"));
    }

    /** @return whether it waits for services and for nothing else (no configuration, no failure) */
    boolean waitingForServices() {
        return enabled && !states.isEmpty() && states.stream().allMatch(s -> s.equals("UNSATISFIED REFERENCE"));
    }

    @Override
    public String toString() {
        return name + " " + (enabled ? states : "disabled");
    }
}
