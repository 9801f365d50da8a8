// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.SubjectFactory;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A netcfg service and registry that stores configs in memory and builds them with the
 * registered factories, so tests exercise the real config classes.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public class TestNetworkConfigService extends AbstractListenerManager<NetworkConfigEvent, NetworkConfigListener>
        implements NetworkConfigService, NetworkConfigRegistry {

    private final ObjectMapper mapper = new ObjectMapper();
    private final Map<Class<?>, ConfigFactory> factories = new HashMap<>();
    private final Map<Object, Map<Class<?>, Config>> configs = new HashMap<>();

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
    public Set<Class> getSubjectClasses() {
        return ImmutableSet.of();
    }

    @Override
    public SubjectFactory getSubjectFactory(String subjectClassKey) {
        return null;
    }

    @Override
    public SubjectFactory getSubjectFactory(Class subjectClass) {
        return null;
    }

    @Override
    public Class<? extends Config> getConfigClass(String subjectClassKey, String configKey) {
        return null;
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
    public <S, C extends Config<S>> C addConfig(S subject, Class<C> configClass) {
        return applyConfig(subject, configClass, mapper.createObjectNode());
    }

    @Override
    public <S, C extends Config<S>> C applyConfig(S subject, Class<C> configClass, JsonNode json) {
        ConfigFactory factory = Objects.requireNonNull(factories.get(configClass), "no factory for " + configClass);
        C config = (C) factory.createConfig();
        config.init(subject, factory.configKey(), json, mapper, null);
        boolean existed = configs.computeIfAbsent(subject, s -> new HashMap<>()).put(configClass, config) != null;
        listenerRegistry.process(new NetworkConfigEvent(existed ? NetworkConfigEvent.Type.CONFIG_UPDATED
                                                                : NetworkConfigEvent.Type.CONFIG_ADDED,
                                                        subject, config, null, configClass));
        return config;
    }

    @Override
    public <S, C extends Config<S>> C applyConfig(String subjectClassKey, S subject, String configKey,
                                                   JsonNode json) {
        throw new UnsupportedOperationException("use applyConfig(subject, class, json)");
    }

    @Override
    public <S, C extends Config<S>> void removeConfig(S subject, Class<C> configClass) {
        Config removed = configs.getOrDefault(subject, new HashMap<>()).remove(configClass);
        if (removed != null) {
            listenerRegistry.process(new NetworkConfigEvent(NetworkConfigEvent.Type.CONFIG_REMOVED, subject,
                                                            null, removed, configClass));
        }
    }

    @Override
    public <S> void removeConfig(String subjectClassKey, S subject, String configKey) {
        throw new UnsupportedOperationException();
    }

    @Override
    public <S> void removeConfig(S subject) {
        configs.remove(subject);
    }

    @Override
    public <S> void removeConfig() {
        configs.clear();
    }

    /**
     * Returns a JSON object parsed from text, for compact test configs.
     *
     * @param json JSON text
     * @return the object
     */
    public ObjectNode json(String json) {
        try {
            return (ObjectNode) mapper.readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
