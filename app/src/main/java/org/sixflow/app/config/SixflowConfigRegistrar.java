// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.config;

import com.google.common.collect.ImmutableList;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.config.basics.SubjectFactories;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;

import java.util.List;

/**
 * Registers Sixflow's netcfg classes, so ONOS validates and stores them.
 */
@Component(immediate = true)
public class SixflowConfigRegistrar {

    /** Name of the Sixflow application, the subject of {@link SixflowAppConfig}. */
    public static final String APP_NAME = "org.sixflow.app";

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigRegistry registry;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    /** Factories of every Sixflow config class. */
    public static final List<ConfigFactory<?, ?>> FACTORIES = ImmutableList.of(
            new ConfigFactory<DeviceId, SixflowDeviceConfig>(
                    SubjectFactories.DEVICE_SUBJECT_FACTORY, SixflowDeviceConfig.class, SixflowDeviceConfig.KEY) {
                @Override
                public SixflowDeviceConfig createConfig() {
                    return new SixflowDeviceConfig();
                }
            },
            new ConfigFactory<ApplicationId, SixflowAppConfig>(
                    SubjectFactories.APP_SUBJECT_FACTORY, SixflowAppConfig.class, SixflowAppConfig.KEY) {
                @Override
                public SixflowAppConfig createConfig() {
                    return new SixflowAppConfig();
                }
            });

    @Activate
    protected void activate() {
        coreService.registerApplication(APP_NAME);
        FACTORIES.forEach(registry::registerConfigFactory);
    }

    @Deactivate
    protected void deactivate() {
        FACTORIES.forEach(registry::unregisterConfigFactory);
    }
}
