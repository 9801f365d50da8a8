// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigApplyDelegate;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.InvalidConfigException;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.SubjectFactory;
import org.onosproject.net.config.basics.SubjectFactories;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's network configuration service and registry in one, as its NetworkConfigManager over its
 * store: factories registered (and counted) per subject and config class; configs kept as JSON and
 * built afresh by their factory on each read; a config pushed for a key no factory knows yet is
 * held and built, if valid, when its factory registers (CONFIG_ADDED), and goes back to being
 * held when the factory unregisters. An invalid config (isValid() false) is refused with ONOS's
 * InvalidConfigException, which names the subject class, subject and config key. Events carry the
 * config and the previous one; storing an equal config posts none (ONOS's Atomix map posts none).
 * The subject class keys of ONOS's SubjectFactories ("apps", "devices", "ports", "hosts", "links",
 * "regions", "layouts") are known from the start, as ONOS's core makes them known.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public final class SimNetworkConfigService extends AbstractListenerManager<NetworkConfigEvent, NetworkConfigListener>
        implements NetworkConfigRegistry, NetworkConfigService {

    private static final String NULL_FACTORY = "Factory cannot be null";
    private static final String NULL_SUBJECT_CLASS = "Subject class cannot be null";
    private static final String NULL_SUBJECT_CLASS_KEY = "Subject class key cannot be null";
    private static final String NULL_CONFIG_CLASS = "Config class cannot be null";
    private static final String NULL_CONFIG_KEY = "Config key cannot be null";
    private static final String NULL_SUBJECT = "Subject cannot be null";
    private static final String NULL_JSON = "JSON cannot be null";

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final ObjectMapper mapper = new ObjectMapper();
    private final ConfigApplyDelegate applyDelegate = this::stored;
    // All guarded by this. Factories by [subject class, config class], and how often each is registered.
    private final Map<List<Class<?>>, ConfigFactory> factories = new LinkedHashMap<>();
    private final Map<List<Class<?>>, Integer> registrations = new HashMap<>();
    // The store's index: factories by config class name.
    private final Map<String, ConfigFactory> factoriesByConfigClass = new HashMap<>();
    // Config classes by [subject class key, config key].
    private final Map<List<String>, Class<? extends Config>> configClasses = new HashMap<>();
    private final Map<String, SubjectFactory> subjectFactoriesByKey = new LinkedHashMap<>();
    private final Map<Class, SubjectFactory> subjectFactoriesByClass = new LinkedHashMap<>();
    private final Map<ConfigKey, JsonNode> configs = new LinkedHashMap<>();

    /**
     * Creates the service; ONOS's basic factories are not registered yet ({@link BasicConfigFactories}).
     *
     * @param dispatcher  the simulated network's event dispatcher
     * @param coreService the core service, which the "apps" subject factory makes application ids with
     */
    public SimNetworkConfigService(EventDeliveryService dispatcher, CoreService coreService) {
        this.eventDispatcher = checkNotNull(dispatcher, "Event dispatcher cannot be null");
        SubjectFactories.setCoreService(checkNotNull(coreService, "Core service cannot be null"));
        dispatcher.addSink(NetworkConfigEvent.class, listenerRegistry);
        for (SubjectFactory factory : List.of(SubjectFactories.APP_SUBJECT_FACTORY,
                                              SubjectFactories.DEVICE_SUBJECT_FACTORY,
                                              SubjectFactories.CONNECT_POINT_SUBJECT_FACTORY,
                                              SubjectFactories.HOST_SUBJECT_FACTORY,
                                              SubjectFactories.LINK_SUBJECT_FACTORY,
                                              SubjectFactories.REGION_SUBJECT_FACTORY,
                                              SubjectFactories.LAYOUT_SUBJECT_FACTORY)) {
            subjectFactoriesByKey.put(factory.subjectClassKey(), factory);
            subjectFactoriesByClass.put(factory.subjectClass(), factory);
        }
    }

    private static List<Class<?>> key(ConfigFactory factory) {
        return List.of(factory.subjectFactory().subjectClass(), factory.configClass());
    }

    private static List<String> identifier(ConfigFactory factory) {
        return List.of(factory.subjectFactory().subjectClassKey(), factory.configKey());
    }

    @Override
    public synchronized void registerConfigFactory(ConfigFactory configFactory) {
        checkNotNull(configFactory, NULL_FACTORY);
        List<Class<?>> key = key(configFactory);
        Integer count = registrations.get(key);
        if (count != null) {
            registrations.put(key, count + 1);
            return;
        }
        factories.put(key, configFactory);
        registrations.put(key, 1);
        configClasses.put(identifier(configFactory), configFactory.configClass());
        SubjectFactory subjectFactory = configFactory.subjectFactory();
        subjectFactoriesByKey.putIfAbsent(subjectFactory.subjectClassKey(), subjectFactory);
        subjectFactoriesByClass.putIfAbsent(subjectFactory.subjectClass(), subjectFactory);
        factoriesByConfigClass.put(configFactory.configClass().getName(), configFactory);
        post(new NetworkConfigEvent(NetworkConfigEvent.Type.CONFIG_REGISTERED, configFactory.configKey(),
                                    configFactory.configClass()));
        applyHeld(configFactory);
    }

    /** Builds the configs held for a factory just registered; an invalid one is dropped, as ONOS drops it. */
    private void applyHeld(ConfigFactory factory) {
        for (ConfigKey key : new ArrayList<>(configs.keySet())) {
            if (!key.isHeld() || !key.configKey().equals(factory.configKey())
                    || !factory.subjectFactory().subjectClass().isInstance(key.subject())) {
                continue;
            }
            JsonNode json = configs.remove(key);
            try {
                Config config = create(key.subject(), factory.configClass(), json, null);
                checkArgument(config.isValid(), "Invalid config JSON");
                store(ConfigKey.applied(key.subject(), factory.configClass()), json);
            } catch (RuntimeException e) {
                log.warn("Failed to validate pending {} configuration for {}: {}", key.configKey(), key.subject(),
                         json);
            }
        }
    }

    /**
     * Unregisters a factory, once as often as it was registered; its configs are held again.
     *
     * @param configFactory the factory
     * @throws IllegalArgumentException if no factory for its subject and config class is registered
     */
    @Override
    public synchronized void unregisterConfigFactory(ConfigFactory configFactory) {
        checkNotNull(configFactory, NULL_FACTORY);
        List<Class<?>> key = key(configFactory);
        Integer count = registrations.get(key);
        checkArgument(count != null, "No config factory registered for %s of %s",
                      configFactory.configClass().getName(), configFactory.subjectFactory().subjectClass().getName());
        if (count > 1) {
            registrations.put(key, count - 1);
            return;
        }
        registrations.remove(key);
        factories.remove(key);
        configClasses.remove(identifier(configFactory));
        factoriesByConfigClass.remove(configFactory.configClass().getName());
        for (ConfigKey stored : new ArrayList<>(configs.keySet())) {
            if (configFactory.configClass().getName().equals(stored.configClass())) {
                configs.put(ConfigKey.held(stored.subject(), configFactory.configKey()), configs.remove(stored));
            }
        }
        post(new NetworkConfigEvent(NetworkConfigEvent.Type.CONFIG_UNREGISTERED, configFactory.configKey(),
                                    configFactory.configClass()));
    }

    @Override
    public synchronized Set<ConfigFactory> getConfigFactories() {
        return ImmutableSet.copyOf(factories.values());
    }

    @Override
    public synchronized <S, C extends Config<S>> Set<ConfigFactory<S, C>> getConfigFactories(Class<S> subjectClass) {
        checkNotNull(subjectClass, NULL_SUBJECT_CLASS);
        ImmutableSet.Builder<ConfigFactory<S, C>> builder = ImmutableSet.builder();
        factories.values().stream().filter(f -> f.subjectFactory().subjectClass().equals(subjectClass))
                .forEach(builder::add);
        return builder.build();
    }

    @Override
    public synchronized <S, C extends Config<S>> ConfigFactory<S, C> getConfigFactory(Class<C> configClass) {
        checkNotNull(configClass, NULL_CONFIG_CLASS);
        return factoriesByConfigClass.get(configClass.getName());
    }

    @Override
    public synchronized Set<Class> getSubjectClasses() {
        ImmutableSet.Builder<Class> builder = ImmutableSet.builder();
        factories.keySet().forEach(k -> builder.add(k.get(0)));
        return builder.build();
    }

    @Override
    public synchronized SubjectFactory getSubjectFactory(String subjectClassKey) {
        checkNotNull(subjectClassKey, NULL_SUBJECT_CLASS_KEY);
        return subjectFactoriesByKey.get(subjectClassKey);
    }

    @Override
    public synchronized SubjectFactory getSubjectFactory(Class subjectClass) {
        checkNotNull(subjectClass, NULL_SUBJECT_CLASS);
        return subjectFactoriesByClass.get(subjectClass);
    }

    @Override
    public synchronized Class<? extends Config> getConfigClass(String subjectClassKey, String configKey) {
        checkNotNull(subjectClassKey, NULL_SUBJECT_CLASS_KEY);
        checkNotNull(configKey, NULL_CONFIG_KEY);
        return configClasses.get(List.of(subjectClassKey, configKey));
    }

    @Override
    public synchronized <S> Set<S> getSubjects(Class<S> subjectClass) {
        checkNotNull(subjectClass, NULL_SUBJECT_CLASS);
        ImmutableSet.Builder<S> builder = ImmutableSet.builder();
        configs.keySet().stream().map(ConfigKey::subject).filter(subjectClass::isInstance)
                .forEach(s -> builder.add(subjectClass.cast(s)));
        return builder.build();
    }

    @Override
    public synchronized <S, C extends Config<S>> Set<S> getSubjects(Class<S> subjectClass, Class<C> configClass) {
        checkNotNull(subjectClass, NULL_SUBJECT_CLASS);
        checkNotNull(configClass, NULL_CONFIG_CLASS);
        ImmutableSet.Builder<S> builder = ImmutableSet.builder();
        configs.keySet().stream().filter(k -> configClass.getName().equals(k.configClass()))
                .map(ConfigKey::subject).filter(subjectClass::isInstance)
                .forEach(s -> builder.add(subjectClass.cast(s)));
        return builder.build();
    }

    @Override
    public synchronized <S> Set<Config<S>> getConfigs(S subject) {
        checkNotNull(subject, NULL_SUBJECT);
        ImmutableSet.Builder<Config<S>> builder = ImmutableSet.builder();
        configs.forEach((key, json) -> {
            ConfigFactory factory = key.isHeld() ? null : factoriesByConfigClass.get(key.configClass());
            if (factory != null && key.subject().equals(subject)) {
                builder.add(create(subject, factory.configClass(), json.deepCopy(), applyDelegate));
            }
        });
        return builder.build();
    }

    @Override
    public synchronized <S, C extends Config<S>> C getConfig(S subject, Class<C> configClass) {
        checkNotNull(subject, NULL_SUBJECT);
        checkNotNull(configClass, NULL_CONFIG_CLASS);
        JsonNode json = configs.get(ConfigKey.applied(subject, configClass));
        return json == null ? null : create(subject, configClass, json.deepCopy(), applyDelegate);
    }

    @Override
    public synchronized <S, C extends Config<S>> C addConfig(S subject, Class<C> configClass) {
        checkNotNull(subject, NULL_SUBJECT);
        ConfigFactory factory = factoryOf(configClass);
        ConfigKey key = ConfigKey.applied(subject, configClass);
        JsonNode json = configs.get(key);
        if (json == null) {
            json = factory.isList() ? mapper.createArrayNode() : mapper.createObjectNode();
            store(key, json);
        }
        return create(subject, configClass, json.deepCopy(), applyDelegate);
    }

    /**
     * Validates and stores a config.
     *
     * @param subject     the subject
     * @param configClass the config class
     * @param json        the config's JSON
     * @param <S>         the subject type
     * @param <C>         the config type
     * @return the config, over the JSON given
     * @throws InvalidConfigException   if the config is not valid
     * @throws IllegalArgumentException if no factory makes the config class, or the JSON is of the wrong type
     */
    @Override
    public synchronized <S, C extends Config<S>> C applyConfig(S subject, Class<C> configClass, JsonNode json) {
        checkNotNull(subject, NULL_SUBJECT);
        checkNotNull(json, NULL_JSON);
        ConfigFactory factory = factoryOf(configClass);
        C config = create(subject, configClass, json, applyDelegate);
        try {
            checkArgument(config.isValid(), "Invalid config JSON");
        } catch (RuntimeException e) {
            SubjectFactory subjectFactory = factory.subjectFactory();
            throw new InvalidConfigException(subjectFactory.subjectClassKey(), subjectFactory.subjectKey(subject),
                                             factory.configKey(), e);
        }
        store(ConfigKey.applied(subject, configClass), json.deepCopy());
        return config;
    }

    /**
     * Validates and stores a config by its keys, or holds it until a factory for the keys registers.
     *
     * @param subjectClassKey the subject class key, e.g. "devices"
     * @param subject         the subject
     * @param configKey       the config key, e.g. "basic"
     * @param json            the config's JSON
     * @param <S>             the subject type
     * @param <C>             the config type
     * @return the config, or null while it is held
     * @throws InvalidConfigException   if the config is not valid
     * @throws IllegalArgumentException if the JSON is of the wrong type for the config
     */
    @Override
    public synchronized <S, C extends Config<S>> C applyConfig(String subjectClassKey, S subject, String configKey,
                                                               JsonNode json) {
        checkNotNull(subjectClassKey, NULL_SUBJECT_CLASS_KEY);
        checkNotNull(subject, NULL_SUBJECT);
        checkNotNull(configKey, NULL_CONFIG_KEY);
        checkNotNull(json, NULL_JSON);
        Class<? extends Config> configClass = configClasses.get(List.of(subjectClassKey, configKey));
        if (configClass != null) {
            return applyConfig(subject, (Class<C>) configClass, json);
        }
        log.info("Configuration '{}' queued for subject {}", configKey, subject);
        configs.put(ConfigKey.held(subject, configKey), json.deepCopy());
        return null;
    }

    @Override
    public synchronized <S, C extends Config<S>> void removeConfig(S subject, Class<C> configClass) {
        checkNotNull(subject, NULL_SUBJECT);
        checkNotNull(configClass, NULL_CONFIG_CLASS);
        remove(ConfigKey.applied(subject, configClass));
    }

    @Override
    public synchronized <S> void removeConfig(String subjectClassKey, S subject, String configKey) {
        checkNotNull(subjectClassKey, NULL_SUBJECT_CLASS_KEY);
        checkNotNull(subject, NULL_SUBJECT);
        checkNotNull(configKey, NULL_CONFIG_KEY);
        Class<? extends Config> configClass = configClasses.get(List.of(subjectClassKey, configKey));
        remove(configClass != null ? ConfigKey.applied(subject, configClass) : ConfigKey.held(subject, configKey));
    }

    @Override
    public synchronized <S> void removeConfig(S subject) {
        checkNotNull(subject, NULL_SUBJECT);
        new ArrayList<>(configs.keySet()).stream().filter(k -> k.subject().equals(subject)).forEach(this::remove);
    }

    @Override
    public synchronized <S> void removeConfig() {
        new ArrayList<>(configs.keySet()).forEach(this::remove);
    }

    /**
     * Applies a whole network configuration document, as ONOS's REST POST /network/configuration does:
     * {"devices": {subject: {configKey: json}}, "ports": ..., "hosts": ..., "links": ..., "apps": ...}.
     * Configs whose factory is not registered yet are held. Every valid config is applied even when
     * others are refused; the refusals are then thrown together.
     *
     * @param document the document
     * @throws IllegalArgumentException naming each subject class, subject and config key refused
     *                                  (unknown subject class key, bad subject, invalid config)
     */
    public void applyJson(ObjectNode document) {
        checkNotNull(document, "Network configuration document cannot be null");
        List<String> errors = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> classes = document.fields(); classes.hasNext();) {
            Map.Entry<String, JsonNode> subjects = classes.next();
            String subjectClassKey = subjects.getKey();
            SubjectFactory subjectFactory = getSubjectFactory(subjectClassKey);
            if (subjectFactory == null) {
                errors.add("Config for '" + subjectClassKey + "' is invalid: no such subject class key");
            } else if (!subjects.getValue().isObject()) {
                errors.add("Config for '" + subjectClassKey + "' is invalid: not a JSON object");
            } else {
                applySubjects(subjectClassKey, subjectFactory, (ObjectNode) subjects.getValue(), errors);
            }
        }
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException("Network configuration refused in part: " + String.join("; ", errors));
        }
    }

    private void applySubjects(String subjectClassKey, SubjectFactory subjectFactory, ObjectNode subjects,
                               List<String> errors) {
        for (Iterator<Map.Entry<String, JsonNode>> it = subjects.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> entry = it.next();
            Object subject;
            try {
                subject = subjectFactory.createSubject(entry.getKey());
            } catch (RuntimeException e) {
                errors.add("Invalid subject " + subjectClassKey + "/" + entry.getKey() + ": " + e.getMessage());
                continue;
            }
            if (!entry.getValue().isObject()) {
                errors.add("Config for " + subjectClassKey + "/" + entry.getKey() + " is invalid: not a JSON object");
                continue;
            }
            for (Iterator<Map.Entry<String, JsonNode>> keys = entry.getValue().fields(); keys.hasNext();) {
                Map.Entry<String, JsonNode> config = keys.next();
                try {
                    applyConfig(subjectClassKey, subject, config.getKey(), config.getValue());
                } catch (InvalidConfigException e) {
                    errors.add(e.getMessage());
                } catch (IllegalArgumentException e) {
                    errors.add("Error parsing config " + subjectClassKey + "/" + subject + "/" + config.getKey()
                                       + ": " + e.getMessage());
                }
            }
        }
    }

    private ConfigFactory factoryOf(Class<?> configClass) {
        checkNotNull(configClass, NULL_CONFIG_CLASS);
        ConfigFactory factory = factoriesByConfigClass.get(configClass.getName());
        checkArgument(factory != null, "No config factory registered for %s", configClass.getName());
        return factory;
    }

    /** Builds a config with its factory; null if none is registered. */
    private <S, C extends Config<S>> C create(S subject, Class<C> configClass, JsonNode json,
                                              ConfigApplyDelegate delegate) {
        ConfigFactory factory = factoriesByConfigClass.get(configClass.getName());
        if (factory == null) {
            return null;
        }
        if (factory.isList() && !(json instanceof ArrayNode)) {
            throw new IllegalArgumentException("JSON node must be an ArrayNode for list config " + configClass
                    .getSimpleName());
        }
        if (!factory.isList() && !(json instanceof ObjectNode)) {
            throw new IllegalArgumentException("JSON node must be an ObjectNode for config " + configClass
                    .getSimpleName());
        }
        C config = (C) factory.createConfig();
        config.init(subject, factory.configKey(), json, mapper, delegate);
        return config;
    }

    /** Stores what a config's apply() wrote to its JSON. */
    private synchronized void stored(Config config) {
        store(ConfigKey.applied(config.subject(), config.getClass()), config.node().deepCopy());
    }

    /** Stores a built config's JSON: CONFIG_ADDED or CONFIG_UPDATED, nothing if it did not change. */
    private void store(ConfigKey key, JsonNode json) {
        JsonNode before = configs.put(key, json);
        if (json.equals(before)) {
            return;
        }
        ConfigFactory factory = factoriesByConfigClass.get(key.configClass());
        if (factory == null) {
            return;
        }
        Config config = create(key.subject(), factory.configClass(), json.deepCopy(), null);
        Config prev = before == null ? null : create(key.subject(), factory.configClass(), before, null);
        post(new NetworkConfigEvent(before == null ? NetworkConfigEvent.Type.CONFIG_ADDED
                                            : NetworkConfigEvent.Type.CONFIG_UPDATED,
                                    key.subject(), config, prev, factory.configClass()));
    }

    /** Removes a config or a held one: CONFIG_REMOVED for a built one. */
    private void remove(ConfigKey key) {
        JsonNode before = configs.remove(key);
        ConfigFactory factory = key.isHeld() ? null : factoriesByConfigClass.get(key.configClass());
        if (before != null && factory != null) {
            post(new NetworkConfigEvent(NetworkConfigEvent.Type.CONFIG_REMOVED, key.subject(), null,
                                        create(key.subject(), factory.configClass(), before, null),
                                        factory.configClass()));
        }
    }
}
