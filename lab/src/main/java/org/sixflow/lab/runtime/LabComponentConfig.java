// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.runtime;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cfg.ConfigProperty;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Component properties: components register and read them; values set here are kept but, as the
 * lab activates components without a ComponentContext, they take effect only through components
 * that read this service themselves. Every component runs with its defaults otherwise.
 */
public final class LabComponentConfig implements ComponentConfigService {

    private final Map<String, Map<String, String>> values = new ConcurrentHashMap<>();

    @Override
    public Set<String> getComponentNames() {
        return Set.copyOf(values.keySet());
    }

    @Override
    public void registerProperties(Class<?> componentClass) {
        values.putIfAbsent(componentClass.getName(), new ConcurrentHashMap<>());
    }

    @Override
    public void unregisterProperties(Class<?> componentClass, boolean clear) {
        if (clear) {
            values.remove(componentClass.getName());
        }
    }

    @Override
    public Set<ConfigProperty> getProperties(String componentName) {
        return Set.of();
    }

    @Override
    public void setProperty(String componentName, String name, String value) {
        values.computeIfAbsent(componentName, c -> new ConcurrentHashMap<>()).put(name, value);
    }

    @Override
    public void preSetProperty(String componentName, String name, String value) {
        setProperty(componentName, name, value);
    }

    @Override
    public void preSetProperty(String componentName, String name, String value, boolean override) {
        setProperty(componentName, name, value);
    }

    @Override
    public void unsetProperty(String componentName, String name) {
        values.getOrDefault(componentName, new ConcurrentHashMap<>()).remove(name);
    }

    @Override
    public ConfigProperty getProperty(String componentName, String attribute) {
        return null;
    }
}
