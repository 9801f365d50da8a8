// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.config;

import java.util.Objects;

/**
 * Where the store keeps a config's JSON: by subject and config class once a factory built it, by
 * subject and config key while it is held for a factory not registered yet (ONOS's store keys
 * them the same way).
 */
final class ConfigKey {

    private final Object subject;
    private final String configClass;
    private final String configKey;

    private ConfigKey(Object subject, String configClass, String configKey) {
        this.subject = subject;
        this.configClass = configClass;
        this.configKey = configKey;
    }

    /** The key of a config a factory built. */
    static ConfigKey applied(Object subject, Class<?> configClass) {
        return new ConfigKey(subject, configClass.getName(), null);
    }

    /** The key of a config held for its factory. */
    static ConfigKey held(Object subject, String configKey) {
        return new ConfigKey(subject, null, configKey);
    }

    Object subject() {
        return subject;
    }

    /** The config class name, null while held. */
    String configClass() {
        return configClass;
    }

    /** The config key, null once applied. */
    String configKey() {
        return configKey;
    }

    boolean isHeld() {
        return configClass == null;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ConfigKey)) {
            return false;
        }
        ConfigKey other = (ConfigKey) o;
        return subject.equals(other.subject) && Objects.equals(configClass, other.configClass)
                && Objects.equals(configKey, other.configKey);
    }

    @Override
    public int hashCode() {
        return Objects.hash(subject, configClass, configKey);
    }

    @Override
    public String toString() {
        return subject + "/" + (isHeld() ? configKey + " (held)" : configClass);
    }
}
