// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onosproject.core.CoreService;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.LinkKey;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.SubjectFactory;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.config.basics.BasicHostConfig;
import org.onosproject.net.config.basics.BasicLinkConfig;
import org.onosproject.net.config.basics.InterfaceConfig;
import org.onosproject.net.config.basics.SubjectFactories;
import org.sixflow.app.testing.InMemoryNetworkConfigRegistry;
import org.slf4j.Logger;

import java.io.File;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * ONOS network configuration for the lab: loaded from a netcfg JSON file (the shape of
 * docker/netcfg.json), held per subject and config class, built with the registered config
 * factories. As in ONOS, JSON for a config key no factory knows yet is kept and applied when its
 * factory registers (the app's SixflowConfigRegistrar registers Sixflow's after start-up). The
 * basic device, host, link and interface configs are registered from the start, as ONOS's
 * BasicNetworkConfigs does.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public final class LabNetworkConfig extends InMemoryNetworkConfigRegistry {

    private final Logger log = getLogger(getClass());
    private final Map<String, SubjectFactory> subjectFactories = new ConcurrentHashMap<>();
    /** JSON waiting for its factory: subject class key / subject key / config key. */
    private final Map<List<String>, JsonNode> pending = new ConcurrentHashMap<>();

    /** The basic config classes ONOS registers at start-up. */
    static final List<ConfigFactory<?, ?>> BASIC = ImmutableList.of(
            new ConfigFactory<DeviceId, BasicDeviceConfig>(SubjectFactories.DEVICE_SUBJECT_FACTORY,
                                                           BasicDeviceConfig.class, "basic") {
                @Override
                public BasicDeviceConfig createConfig() {
                    return new BasicDeviceConfig();
                }
            },
            new ConfigFactory<HostId, BasicHostConfig>(SubjectFactories.HOST_SUBJECT_FACTORY,
                                                       BasicHostConfig.class, "basic") {
                @Override
                public BasicHostConfig createConfig() {
                    return new BasicHostConfig();
                }
            },
            new ConfigFactory<LinkKey, BasicLinkConfig>(SubjectFactories.LINK_SUBJECT_FACTORY,
                                                        BasicLinkConfig.class, "basic") {
                @Override
                public BasicLinkConfig createConfig() {
                    return new BasicLinkConfig();
                }
            },
            new ConfigFactory<ConnectPoint, InterfaceConfig>(SubjectFactories.CONNECT_POINT_SUBJECT_FACTORY,
                                                             InterfaceConfig.class, "interfaces") {
                @Override
                public InterfaceConfig createConfig() {
                    return new InterfaceConfig();
                }
            });

    /**
     * Creates the service.
     *
     * @param coreService  resolves application subjects ("apps" keys)
     * @param events       where events go
     */
    public LabNetworkConfig(CoreService coreService, EventDeliveryService events) {
        SubjectFactories.setCoreService(coreService);
        for (SubjectFactory factory : List.of(SubjectFactories.APP_SUBJECT_FACTORY,
                                              SubjectFactories.DEVICE_SUBJECT_FACTORY,
                                              SubjectFactories.CONNECT_POINT_SUBJECT_FACTORY,
                                              SubjectFactories.HOST_SUBJECT_FACTORY,
                                              SubjectFactories.LINK_SUBJECT_FACTORY)) {
            subjectFactories.put(factory.subjectClassKey(), factory);
        }
        eventDispatcher = events;
        events.addSink(NetworkConfigEvent.class, listenerRegistry);
        BASIC.forEach(this::registerConfigFactory);
    }

    /**
     * Loads a netcfg file: every subject class, subject and config key in it.
     *
     * @param file the JSON file
     * @throws IOException if it cannot be read or is not a JSON object
     */
    public void load(File file) throws IOException {
        JsonNode root = mapper.readTree(file);
        if (!(root instanceof ObjectNode)) {
            throw new IOException(file + " is not a JSON object");
        }
        load((ObjectNode) root);
    }

    /**
     * Loads netcfg JSON.
     *
     * @param root {"devices": {...}, "ports": {...}, "hosts": {...}, "apps": {...}, "links": {...}}
     */
    public void load(ObjectNode root) {
        Iterator<Map.Entry<String, JsonNode>> classes = root.fields();
        while (classes.hasNext()) {
            Map.Entry<String, JsonNode> subjectClass = classes.next();
            Iterator<Map.Entry<String, JsonNode>> subjects = subjectClass.getValue().fields();
            while (subjects.hasNext()) {
                Map.Entry<String, JsonNode> subject = subjects.next();
                Iterator<Map.Entry<String, JsonNode>> keys = subject.getValue().fields();
                while (keys.hasNext()) {
                    Map.Entry<String, JsonNode> key = keys.next();
                    applyConfig(subjectClass.getKey(), subject.getKey(), key.getKey(), key.getValue());
                }
            }
        }
    }

    @Override
    public void registerConfigFactory(ConfigFactory configFactory) {
        super.registerConfigFactory(configFactory);
        String classKey = configFactory.subjectFactory().subjectClassKey();
        pending.entrySet().removeIf(entry -> {
            List<String> key = entry.getKey();
            if (key.get(0).equals(classKey) && key.get(2).equals(configFactory.configKey())) {
                apply(configFactory, configFactory.subjectFactory().createSubject(key.get(1)), entry.getValue());
                return true;
            }
            return false;
        });
    }

    @Override
    public Set<Class> getSubjectClasses() {
        ImmutableSet.Builder<Class> builder = ImmutableSet.builder();
        subjectFactories.values().forEach(f -> builder.add(f.subjectClass()));
        return builder.build();
    }

    @Override
    public SubjectFactory getSubjectFactory(String subjectClassKey) {
        return subjectFactories.get(subjectClassKey);
    }

    @Override
    public SubjectFactory getSubjectFactory(Class subjectClass) {
        return subjectFactories.values().stream().filter(f -> f.subjectClass().equals(subjectClass)).findFirst()
                .orElse(null);
    }

    @Override
    public Class<? extends Config> getConfigClass(String subjectClassKey, String configKey) {
        ConfigFactory factory = factory(subjectClassKey, configKey);
        return factory == null ? null : factory.configClass();
    }

    private ConfigFactory factory(String subjectClassKey, String configKey) {
        return factories.values().stream()
                .filter(f -> f.subjectFactory().subjectClassKey().equals(subjectClassKey)
                        && f.configKey().equals(configKey))
                .findFirst().orElse(null);
    }

    @Override
    public <S, C extends Config<S>> C addConfig(S subject, Class<C> configClass) {
        C existing = getConfig(subject, configClass);
        return existing != null ? existing : applyConfig(subject, configClass, mapper.createObjectNode());
    }

    @Override
    public <S, C extends Config<S>> C applyConfig(S subject, Class<C> configClass, JsonNode json) {
        ConfigFactory factory = factories.get(configClass);
        if (factory == null) {
            throw new IllegalArgumentException("No config factory for " + configClass.getName());
        }
        return (C) apply(factory, subject, json);
    }

    @Override
    public <S, C extends Config<S>> C applyConfig(String subjectClassKey, S subject, String configKey,
                                                   JsonNode json) {
        ConfigFactory factory = factory(subjectClassKey, configKey);
        if (factory == null) {
            pending.put(List.of(subjectClassKey, String.valueOf(subject), configKey), json);
            log.debug("Keeping {}/{}/{} until its config class registers", subjectClassKey, subject, configKey);
            return null;
        }
        Object realSubject = subject instanceof String
                ? factory.subjectFactory().createSubject((String) subject) : subject;
        return (C) apply(factory, realSubject, json);
    }

    private Config apply(ConfigFactory factory, Object subject, JsonNode json) {
        Config config = factory.createConfig();
        config.init(subject, factory.configKey(), json, mapper, null);
        if (!config.isValid()) {
            log.warn("Invalid {} config for {}: {}", factory.configKey(), subject, json);
        }
        Config before = configs.computeIfAbsent(subject, s -> new ConcurrentHashMap<>())
                .put(factory.configClass(), config);
        post(new NetworkConfigEvent(before == null ? NetworkConfigEvent.Type.CONFIG_ADDED
                                            : NetworkConfigEvent.Type.CONFIG_UPDATED,
                                    subject, config, before, factory.configClass()));
        return config;
    }

    @Override
    protected void deliver(NetworkConfigEvent event) {
        post(event);
    }

    @Override
    public <S> void removeConfig(String subjectClassKey, S subject, String configKey) {
        ConfigFactory factory = factory(subjectClassKey, configKey);
        if (factory != null) {
            Object realSubject = subject instanceof String
                    ? factory.subjectFactory().createSubject((String) subject) : subject;
            removeConfig(realSubject, factory.configClass());
        }
    }

    @Override
    public <S> void removeConfig(S subject) {
        Map<Class<?>, Config> removed = configs.remove(subject);
        if (removed != null) {
            removed.forEach((type, config) -> post(new NetworkConfigEvent(
                    NetworkConfigEvent.Type.CONFIG_REMOVED, subject, null, config, type)));
        }
    }

    @Override
    public <S> void removeConfig() {
        List.copyOf(configs.keySet()).forEach(this::removeConfig);
    }
}
