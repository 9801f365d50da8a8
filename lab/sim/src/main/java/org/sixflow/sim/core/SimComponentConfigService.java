// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.core;

import com.google.common.collect.ImmutableSet;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cfg.ConfigProperty;
import org.sixflow.sim.runtime.ComponentRuntime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's component configuration service over the {@link ComponentRuntime}, with ONOS 2.7's
 * semantics (ComponentConfigManager):
 * <ul>
 *   <li>{@link #registerProperties} reads the component's {@code .cfgdef} resource (generated from
 *       the same {@code @Component} properties as its descriptor) and then pushes every property's
 *       value to the component's configuration, so that, as in ONOS, a component that registers its
 *       properties gets its modified method called soon after activating, with every value as a
 *       String;</li>
 *   <li>{@link #setProperty} and {@link #unsetProperty} reject an unknown component or property
 *       and a value that does not parse as the property's type, update the property at once, and
 *       apply the component's new configuration asynchronously (ONOS batches it on a timer;
 *       here one thread applies it in order), calling its modified method, or reactivating it
 *       when it has none;</li>
 *   <li>{@link #preSetProperty} keeps a value for a component that has not registered yet (or
 *       sets it at once when it has).</li>
 * </ul>
 * {@link #awaitIdle} waits until every change is applied. Not simulated: the cluster-wide store
 * (values are not shared with other instances, nor kept across restarts).
 */
public final class SimComponentConfigService implements ComponentConfigService, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SimComponentConfigService.class);

    private final ComponentRuntime runtime;
    /** Registered definitions, with their current values: ONOS's catalog. */
    private final Map<String, Map<String, ConfigProperty>> properties = new ConcurrentHashMap<>();
    /** Values set through the service: ONOS's (cluster) config store. */
    private final Map<String, Map<String, String>> setValues = new HashMap<>();
    private final ExecutorService updates = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "sim-component-config");
        t.setDaemon(true);
        return t;
    });
    private final Object lock = new Object();
    private final Object idle = new Object();
    private long pending;

    /**
     * Creates the service.
     *
     * @param runtime the runtime whose components it configures
     */
    public SimComponentConfigService(ComponentRuntime runtime) {
        this.runtime = checkNotNull(runtime, "runtime");
    }

    @Override
    public Set<String> getComponentNames() {
        return ImmutableSet.copyOf(properties.keySet());
    }

    @Override
    public void registerProperties(Class<?> componentClass) {
        checkNotNull(componentClass, "Component class cannot be null");
        String component = componentClass.getName();
        List<ConfigProperty> definitions;
        try (InputStream in = PropertyDefinitions.find(componentClass)) {
            checkArgument(in != null, "Property definitions not found at resource %s%s",
                          componentClass.getName().replace('.', '/'), PropertyDefinitions.EXTENSION);
            definitions = PropertyDefinitions.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the property definitions of " + component, e);
        }
        Map<String, ConfigProperty> map = new ConcurrentHashMap<>();
        definitions.forEach(p -> map.put(p.name(), p));
        synchronized (lock) {
            properties.put(component, map);
            loadExistingValues(component, map);
        }
    }

    @Override
    public void unregisterProperties(Class<?> componentClass, boolean clear) {
        checkNotNull(componentClass, "Component class cannot be null");
        String component = componentClass.getName();
        synchronized (lock) {
            properties.remove(component);
            if (clear) {
                setValues.remove(component);
            }
        }
    }

    @Override
    public Set<ConfigProperty> getProperties(String component) {
        // ONOS answers null for a component that registered no properties.
        Map<String, ConfigProperty> map = component == null ? null : properties.get(component);
        return map == null ? null : ImmutableSet.copyOf(map.values());
    }

    @Override
    public void setProperty(String component, String name, String value) {
        checkNotNull(component, "Component name cannot be null");
        checkNotNull(name, "Property name cannot be null");
        synchronized (lock) {
            ConfigProperty property = registered(component, name);
            checkValidity(component, property, value);
            setValues.computeIfAbsent(component, c -> new HashMap<>()).put(name, value);
            set(component, name, value);
        }
    }

    @Override
    public void preSetProperty(String component, String name, String value) {
        preSetProperty(component, name, value, true);
    }

    @Override
    public void preSetProperty(String component, String name, String value, boolean override) {
        checkNotNull(component, "Component name cannot be null");
        checkNotNull(name, "Property name cannot be null");
        synchronized (lock) {
            Map<String, ConfigProperty> map = properties.get(component);
            ConfigProperty property = map == null ? null : map.get(name);
            if (property != null) {
                checkValidity(component, property, value);
            }
            Map<String, String> values = setValues.computeIfAbsent(component, c -> new HashMap<>());
            if (!override && values.containsKey(name)) {
                return;
            }
            values.put(name, value);
            set(component, name, value);
        }
    }

    @Override
    public void unsetProperty(String component, String name) {
        checkNotNull(component, "Component name cannot be null");
        checkNotNull(name, "Property name cannot be null");
        synchronized (lock) {
            ConfigProperty property = registered(component, name);
            Map<String, String> values = setValues.get(component);
            if (values != null) {
                values.remove(name);
            }
            properties.get(component).put(name, ConfigProperty.resetProperty(property));
            schedule(component);
        }
    }

    @Override
    public ConfigProperty getProperty(String component, String name) {
        Map<String, ConfigProperty> map = component == null ? null : properties.get(component);
        return map == null || name == null ? null : map.get(name);
    }

    /**
     * Waits until every configuration change made so far has been applied to its component.
     *
     * @param timeout how long to wait
     * @return true if all were applied, false on timeout
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (idle) {
            while (pending > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(idle, left);
            }
            return true;
        }
    }

    /** Stops applying changes. */
    @Override
    public void close() {
        updates.shutdownNow();
        synchronized (idle) {
            pending = 0;
            idle.notifyAll();
        }
    }

    private ConfigProperty registered(String component, String name) {
        Map<String, ConfigProperty> map = properties.get(component);
        checkArgument(map != null, "Component %s is not registered", component);
        ConfigProperty property = map.get(name);
        checkArgument(property != null, "Property %s does not exist for %s", name, component);
        return property;
    }

    // A registered property takes the value now and the component gets it soon; an unregistered
    // one goes straight to the component's configuration, where registration will find it.
    private void set(String component, String name, String value) {
        Map<String, ConfigProperty> map = properties.get(component);
        ConfigProperty property = map == null ? null : map.get(name);
        if (property != null) {
            map.put(name, ConfigProperty.setProperty(property, value));
            schedule(component);
            return;
        }
        submit(() -> {
            Map<String, Object> configuration = new LinkedHashMap<>(runtime.configuration(component).orElse(Map.of()));
            configuration.put(name, value);
            runtime.configure(component, configuration);
        });
    }

    // ONOS's rules for values set before registration, globally (setValues) or locally (the
    // component's configuration): the global value wins, a default counts as unset.
    private void loadExistingValues(String component, Map<String, ConfigProperty> map) {
        Map<String, Object> local = runtime.configuration(component).orElse(Map.of());
        Map<String, String> global = setValues.getOrDefault(component, Map.of());
        for (ConfigProperty p : List.copyOf(map.values())) {
            String globalValue = global.get(p.name());
            Object localObject = local.get(p.name());
            String localValue = localObject == null ? null : localObject.toString();
            try {
                if (Objects.equals(globalValue, p.defaultValue())
                        || globalValue == null && !Objects.equals(localValue, p.defaultValue())) {
                    map.put(p.name(), ConfigProperty.resetProperty(p));
                } else if (!Objects.equals(globalValue, localValue)) {
                    String value = globalValue != null ? globalValue : localValue;
                    checkValidity(component, p, value);
                    map.put(p.name(), ConfigProperty.setProperty(p, value));
                } else {
                    map.put(p.name(), ConfigProperty.setProperty(p, globalValue));
                }
            } catch (IllegalArgumentException e) {
                log.warn("Value {} for property {} is not a valid {}; using default", globalValue, p.name(), p.type());
                map.put(p.name(), ConfigProperty.resetProperty(p));
            }
        }
        schedule(component);
    }

    // Pushes the component's current values (all of them, as Strings, as ONOS does) to its
    // configuration, on the update thread.
    private void schedule(String component) {
        submit(() -> {
            Map<String, ConfigProperty> map = properties.get(component);
            if (map == null) {
                log.warn("Component not found for {}", component);
                return;
            }
            Map<String, Object> configuration = new LinkedHashMap<>();
            map.values().stream().filter(p -> p.value() != null)
                    .sorted(java.util.Comparator.comparing(ConfigProperty::name))
                    .forEach(p -> configuration.put(p.name(), p.value()));
            runtime.configure(component, configuration);
        });
    }

    private void submit(Runnable update) {
        synchronized (idle) {
            pending++;
        }
        try {
            updates.execute(() -> {
                try {
                    update.run();
                } catch (RuntimeException e) {
                    log.error("Applying a configuration change failed", e);
                } finally {
                    done();
                }
            });
        } catch (RejectedExecutionException e) {
            done();
            log.warn("Configuration change dropped: the service is closed");
        }
    }

    private void done() {
        synchronized (idle) {
            pending--;
            if (pending <= 0) {
                idle.notifyAll();
            }
        }
    }

    private static void checkValidity(String component, ConfigProperty property, String value) {
        ConfigProperty.Type type = property.type();
        String problem = "Invalid " + type + " value \"" + value + "\" for property " + property.name()
                + " of " + component;
        if (value == null) {
            checkArgument(type == ConfigProperty.Type.STRING || type == ConfigProperty.Type.BYTE, problem);
            return;
        }
        try {
            switch (type) {
                case INTEGER:
                    Integer.parseInt(value);
                    break;
                case LONG:
                    Long.parseLong(value);
                    break;
                case FLOAT:
                    Float.parseFloat(value);
                    break;
                case DOUBLE:
                    Double.parseDouble(value);
                    break;
                case BOOLEAN:
                    checkArgument("true".equalsIgnoreCase(value) || "false".equalsIgnoreCase(value), problem);
                    break;
                default:
                    break;
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(problem, e);
        }
    }
}
