// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.config;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.basics.SubjectFactories;

/**
 * An app's own config like Sixflow's "sixflow" app config: a database section.
 */
public final class TestAppConfig extends Config<ApplicationId> {

    /** The config key. */
    public static final String KEY = "sixflow";

    /**
     * Returns a factory of the config.
     *
     * @return the factory
     */
    public static ConfigFactory<ApplicationId, TestAppConfig> factory() {
        return new SuppliedConfigFactory<>(SubjectFactories.APP_SUBJECT_FACTORY, TestAppConfig.class, KEY, false,
                                           TestAppConfig::new);
    }

    @Override
    public boolean isValid() {
        return hasOnlyFields("database");
    }

    /**
     * Returns the database URL.
     *
     * @return the URL, or null
     */
    public String databaseUrl() {
        return object.path("database").path("url").asText(null);
    }
}
