// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.runtime;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cfg.ConfigProperty;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Component properties: components register and read them; a value set or unset here reaches
 * the component as ONOS's `cfg set` does, through its {@code modified(ComponentContext)} method
 * with every value set for it (components activate with their defaults, as the lab gives them no
 * context at activation).
 */
public final class LabComponentConfig implements ComponentConfigService {

    private final Map<String, Map<String, String>> values = new ConcurrentHashMap<>();
    private final LabComponents components;

    /**
     * Creates the service.
     *
     * @param components the components whose properties change
     */
    public LabComponentConfig(LabComponents components) {
        this.components = components;
    }

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
        components.modify(componentName, Map.copyOf(values.get(componentName)));
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
        Map<String, String> set = values.getOrDefault(componentName, new ConcurrentHashMap<>());
        if (set.remove(name) != null) {
            components.modify(componentName, Map.copyOf(set));
        }
    }

    /**
     * Returns a property's value when one was set here; the lab knows no defaults.
     *
     * @param componentName the component
     * @param attribute     the property
     * @return the property with its value, or null when none was set
     */
    @Override
    public ConfigProperty getProperty(String componentName, String attribute) {
        String value = values.getOrDefault(componentName, Map.of()).get(attribute);
        return value == null ? null : ConfigProperty.defineProperty(attribute, ConfigProperty.Type.STRING, value, "");
    }
}
