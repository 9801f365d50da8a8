// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.config;

import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.SubjectFactory;

import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A config factory that makes its configs with a supplier, instead of a subclass per config class.
 *
 * @param <S> the subject type
 * @param <C> the config type
 */
public final class SuppliedConfigFactory<S, C extends Config<S>> extends ConfigFactory<S, C> {

    private final Supplier<C> supplier;

    /**
     * Creates a factory.
     *
     * @param subjectFactory the subjects' factory, e.g. SubjectFactories.DEVICE_SUBJECT_FACTORY
     * @param configClass    the config class
     * @param configKey      the config key, e.g. "basic"
     * @param isList         whether the config is a JSON array
     * @param supplier       makes an empty config
     */
    public SuppliedConfigFactory(SubjectFactory<S> subjectFactory, Class<C> configClass, String configKey,
                                 boolean isList, Supplier<C> supplier) {
        super(checkNotNull(subjectFactory, "Subject factory cannot be null"),
              checkNotNull(configClass, "Config class cannot be null"),
              checkNotNull(configKey, "Config key cannot be null"), isList);
        this.supplier = checkNotNull(supplier, "Config supplier cannot be null");
    }

    @Override
    public C createConfig() {
        return supplier.get();
    }
}
