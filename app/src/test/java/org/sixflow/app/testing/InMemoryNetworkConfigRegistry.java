// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableSet;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigRegistry;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The part of a netcfg registry that both the app's test service and the bmv2 lab's registry
 * keep the same way: config factories by config class and built configs by subject and config
 * class, in memory. Subclasses decide how configs are built from JSON and how events reach
 * listeners (at once in tests, through the event dispatcher in the lab).
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public abstract class InMemoryNetworkConfigRegistry
        extends AbstractListenerManager<NetworkConfigEvent, NetworkConfigListener>
        implements NetworkConfigRegistry {

    /** Reads and writes config JSON. */
    protected final ObjectMapper mapper = new ObjectMapper();
    /** Registered factories by the config class they build. */
    protected final Map<Class<?>, ConfigFactory> factories = new ConcurrentHashMap<>();
    /** Built configs by subject, then config class. */
    protected final Map<Object, Map<Class<?>, Config>> configs = new ConcurrentHashMap<>();

    /**
     * Hands an event to listeners.
     *
     * @param event the event
     */
    protected abstract void deliver(NetworkConfigEvent event);

    @Override
    public void registerConfigFactory(ConfigFactory configFactory) {
        factories.put(configFactory.configClass(), configFactory);
    }

    @Override
    public void unregisterConfigFactory(ConfigFactory configFactory) {
        factories.remove(configFactory.configClass());
    }

    @Override
    public Set<ConfigFactory> getConfigFactories() {
        return ImmutableSet.copyOf(factories.values());
    }

    @Override
    public <S, C extends Config<S>> Set<ConfigFactory<S, C>> getConfigFactories(Class<S> subjectClass) {
        ImmutableSet.Builder builder = ImmutableSet.builder();
        factories.values().stream().filter(f -> f.subjectFactory().subjectClass().equals(subjectClass))
                .forEach(builder::add);
        return builder.build();
    }

    @Override
    public <S, C extends Config<S>> ConfigFactory<S, C> getConfigFactory(Class<C> configClass) {
        return factories.get(configClass);
    }

    @Override
    public <S> Set<S> getSubjects(Class<S> subjectClass) {
        ImmutableSet.Builder<S> builder = ImmutableSet.builder();
        configs.keySet().stream().filter(subjectClass::isInstance).map(subjectClass::cast).forEach(builder::add);
        return builder.build();
    }

    @Override
    public <S, C extends Config<S>> Set<S> getSubjects(Class<S> subjectClass, Class<C> configClass) {
        ImmutableSet.Builder<S> builder = ImmutableSet.builder();
        configs.forEach((subject, map) -> {
            if (subjectClass.isInstance(subject) && map.containsKey(configClass)) {
                builder.add(subjectClass.cast(subject));
            }
        });
        return builder.build();
    }

    @Override
    public <S> Set<? extends Config<S>> getConfigs(S subject) {
        return ImmutableSet.copyOf((Iterable) configs.getOrDefault(subject, Map.of()).values());
    }

    @Override
    public <S, C extends Config<S>> C getConfig(S subject, Class<C> configClass) {
        return (C) configs.getOrDefault(subject, Map.of()).get(configClass);
    }

    @Override
    public <S, C extends Config<S>> void removeConfig(S subject, Class<C> configClass) {
        Config removed = configs.getOrDefault(subject, new ConcurrentHashMap<>()).remove(configClass);
        if (removed != null) {
            deliver(new NetworkConfigEvent(NetworkConfigEvent.Type.CONFIG_REMOVED, subject, null, removed,
                                           configClass));
        }
    }
}
