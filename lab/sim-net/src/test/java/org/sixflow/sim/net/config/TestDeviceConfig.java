// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.config;

import org.onosproject.net.DeviceId;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.basics.SubjectFactories;

/**
 * An app's device config like Sixflow's "sixflow" one: a role, a locator prefix, a station MAC,
 * and a few more fields; valid only with a known role.
 */
public final class TestDeviceConfig extends Config<DeviceId> {

    /** The config key. */
    public static final String KEY = "sixflow";
    private static final String ROLE = "role";
    private static final String LOCATOR = "locator";
    private static final String MY_STATION_MAC = "myStationMac";

    /**
     * Returns a factory of the config.
     *
     * @return the factory
     */
    public static ConfigFactory<DeviceId, TestDeviceConfig> factory() {
        return new SuppliedConfigFactory<>(SubjectFactories.DEVICE_SUBJECT_FACTORY, TestDeviceConfig.class, KEY,
                                           false, TestDeviceConfig::new);
    }

    @Override
    public boolean isValid() {
        return hasOnlyFields(ROLE, LOCATOR, MY_STATION_MAC, "mtu", "rlbBits", "gnmiAddress")
                && isString(ROLE, FieldPresence.MANDATORY, "EDGE|TRANSIT")
                && isIpPrefix(LOCATOR, FieldPresence.OPTIONAL)
                && isMacAddress(MY_STATION_MAC, FieldPresence.OPTIONAL);
    }

    /**
     * Returns the device's role.
     *
     * @return EDGE or TRANSIT
     */
    public String role() {
        return get(ROLE, null);
    }

    /**
     * Sets the device's role.
     *
     * @param role EDGE or TRANSIT
     * @return this config
     */
    public TestDeviceConfig role(String role) {
        return (TestDeviceConfig) setOrClear(ROLE, role);
    }
}
