// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.SubjectFactory;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A netcfg service and registry that stores configs in memory and builds them with the
 * registered factories, so tests exercise the real config classes. Listeners hear events at once.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public class TestNetworkConfigService extends InMemoryNetworkConfigRegistry implements NetworkConfigService {

    @Override
    protected void deliver(NetworkConfigEvent event) {
        listenerRegistry.process(event);
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
    public <S, C extends Config<S>> C addConfig(S subject, Class<C> configClass) {
        return applyConfig(subject, configClass, mapper.createObjectNode());
    }

    @Override
    public <S, C extends Config<S>> C applyConfig(S subject, Class<C> configClass, JsonNode json) {
        ConfigFactory factory = Objects.requireNonNull(factories.get(configClass), "no factory for " + configClass);
        C config = (C) factory.createConfig();
        config.init(subject, factory.configKey(), json, mapper, null);
        boolean existed = configs.computeIfAbsent(subject, s -> new ConcurrentHashMap<>())
                .put(configClass, config) != null;
        deliver(new NetworkConfigEvent(existed ? NetworkConfigEvent.Type.CONFIG_UPDATED
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
