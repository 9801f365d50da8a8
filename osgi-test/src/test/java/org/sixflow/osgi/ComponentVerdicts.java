// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.osgi;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides which unsatisfied components are expected in a container without ONOS's core: a component may
 * wait only for ONOS services ({@code org.onosproject.*}, implemented by bundles not on Maven Central) or
 * for services of other components of ours that themselves wait only for such services.
 */
final class ComponentVerdicts {

    private static final String ONOS_SERVICES = "org.onosproject.";

    private ComponentVerdicts() {
    }

    /**
     * Returns the waiting components whose wait is not explained by missing ONOS core services.
     *
     * @param declared    our components, by name
     * @param waiting     the service interfaces each of our waiting components lacks, by name
     * @return unexplained components, each with the interfaces that no ONOS core bundle would provide
     */
    static Map<String, List<String>> unexplained(Map<String, ComponentDeclaration> declared,
                                                 Map<String, List<String>> waiting) {
        Set<String> explained = new HashSet<>();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Map.Entry<String, List<String>> component : waiting.entrySet()) {
                if (!explained.contains(component.getKey())
                        && blamed(component.getValue(), declared, waiting, explained).isEmpty()) {
                    explained.add(component.getKey());
                    changed = true;
                }
            }
        }
        Map<String, List<String>> unexplained = new LinkedHashMap<>();
        waiting.forEach((name, lacking) -> {
            if (!explained.contains(name)) {
                unexplained.put(name, blamed(lacking, declared, waiting, explained));
            }
        });
        return unexplained;
    }

    // The lacking interfaces that are neither ONOS's nor offered by one of our explained components.
    private static List<String> blamed(List<String> lacking, Map<String, ComponentDeclaration> declared,
                                       Map<String, List<String>> waiting, Set<String> explained) {
        List<String> blamed = new ArrayList<>();
        for (String service : lacking) {
            boolean onos = service.startsWith(ONOS_SERVICES);
            boolean oursWaitingForOnos = declared.values().stream()
                    .anyMatch(c -> c.provides().contains(service) && waiting.containsKey(c.name())
                            && explained.contains(c.name()));
            if (!onos && !oursWaitingForOnos) {
                blamed.add(service);
            }
        }
        if (lacking.isEmpty()) {
            blamed.add("(no unsatisfied reference reported)");
        }
        return blamed;
    }
}
