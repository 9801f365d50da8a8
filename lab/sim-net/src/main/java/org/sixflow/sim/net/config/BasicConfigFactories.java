// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.config;

import com.google.common.collect.ImmutableSet;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.config.basics.BasicHostConfig;
import org.onosproject.net.config.basics.BasicLinkConfig;
import org.onosproject.net.config.basics.BasicRegionConfig;
import org.onosproject.net.config.basics.BasicUiTopoLayoutConfig;
import org.onosproject.net.config.basics.DeviceAnnotationConfig;
import org.onosproject.net.config.basics.HostAnnotationConfig;
import org.onosproject.net.config.basics.InterfaceConfig;
import org.onosproject.net.config.basics.PortAnnotationConfig;
import org.onosproject.net.config.basics.PortDescriptionsConfig;

import java.util.Set;

import static org.onosproject.net.config.basics.SubjectFactories.CONNECT_POINT_SUBJECT_FACTORY;
import static org.onosproject.net.config.basics.SubjectFactories.DEVICE_SUBJECT_FACTORY;
import static org.onosproject.net.config.basics.SubjectFactories.HOST_SUBJECT_FACTORY;
import static org.onosproject.net.config.basics.SubjectFactories.LAYOUT_SUBJECT_FACTORY;
import static org.onosproject.net.config.basics.SubjectFactories.LINK_SUBJECT_FACTORY;
import static org.onosproject.net.config.basics.SubjectFactories.REGION_SUBJECT_FACTORY;

/**
 * The config factories ONOS's core registers (its BasicNetworkConfigs): "basic" for devices,
 * hosts, links, regions and layouts, "interfaces" for ports, and the annotation and port
 * description configs.
 */
public final class BasicConfigFactories {

    private static final String BASIC = "basic";

    private BasicConfigFactories() {
    }

    /**
     * Returns a new set of the basic factories.
     *
     * @return the factories
     */
    public static Set<ConfigFactory<?, ?>> create() {
        return ImmutableSet.of(
                new SuppliedConfigFactory<>(DEVICE_SUBJECT_FACTORY, BasicDeviceConfig.class, BASIC, false,
                                            BasicDeviceConfig::new),
                new SuppliedConfigFactory<>(CONNECT_POINT_SUBJECT_FACTORY, InterfaceConfig.class, "interfaces", true,
                                            InterfaceConfig::new),
                new SuppliedConfigFactory<>(HOST_SUBJECT_FACTORY, BasicHostConfig.class, BASIC, false,
                                            BasicHostConfig::new),
                new SuppliedConfigFactory<>(LINK_SUBJECT_FACTORY, BasicLinkConfig.class, BasicLinkConfig.CONFIG_KEY,
                                            false, BasicLinkConfig::new),
                new SuppliedConfigFactory<>(REGION_SUBJECT_FACTORY, BasicRegionConfig.class, BASIC, false,
                                            BasicRegionConfig::new),
                new SuppliedConfigFactory<>(LAYOUT_SUBJECT_FACTORY, BasicUiTopoLayoutConfig.class, BASIC, false,
                                            BasicUiTopoLayoutConfig::new),
                new SuppliedConfigFactory<>(CONNECT_POINT_SUBJECT_FACTORY, PortAnnotationConfig.class,
                                            PortAnnotationConfig.CONFIG_KEY, false, PortAnnotationConfig::new),
                new SuppliedConfigFactory<>(DEVICE_SUBJECT_FACTORY, PortDescriptionsConfig.class, "ports", false,
                                            PortDescriptionsConfig::new),
                new SuppliedConfigFactory<>(DEVICE_SUBJECT_FACTORY, DeviceAnnotationConfig.class,
                                            DeviceAnnotationConfig.CONFIG_KEY, false, DeviceAnnotationConfig::new),
                new SuppliedConfigFactory<>(HOST_SUBJECT_FACTORY, HostAnnotationConfig.class,
                                            HostAnnotationConfig.CONFIG_KEY, false, HostAnnotationConfig::new));
    }
}
