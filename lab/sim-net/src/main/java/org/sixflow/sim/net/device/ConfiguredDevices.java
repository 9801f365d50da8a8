// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.device;

import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.config.basics.BasicElementConfig;
import org.onosproject.net.config.basics.DeviceAnnotationConfig;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Devices as their "basic" network config describes them, as ONOS applies it: its name, location,
 * owner, rack, driver and management address become the device's annotations (ONOS's basic device
 * operator; DEVICE_UPDATED when the config changes, the spec's annotations back when it is
 * removed), and its pipeconf is bound to the device (as ONOS's general device provider binds it
 * when the device connects). As in ONOS, a config without a name names the device by its id, and
 * one without coordinates takes the device's coordinates away. The entries of an "annotations"
 * config (ONOS's device annotation operator, after the basic one) are set over those, a null
 * entry removing the annotation; taking an entry or the config away takes its annotation away.
 * Type, manufacturer and versions stay the simulation's.
 */
public final class ConfiguredDevices {

    private final NetworkConfigService configs;
    private final SimDeviceService devices;
    private final PiPipeconfService pipeconfs;
    private final Consumer<String> driverNeeded;
    private final NetworkConfigListener listener = new InternalConfigListener();

    /**
     * Creates the operator; {@link #start()} makes it follow the configuration.
     *
     * @param configs      the network configuration service
     * @param devices      the devices it configures
     * @param pipeconfs    the pipeconf service it binds pipeconfs with
     * @param driverNeeded told each driver name a config gives a device, before the device has it
     */
    public ConfiguredDevices(NetworkConfigService configs, SimDeviceService devices, PiPipeconfService pipeconfs,
                             Consumer<String> driverNeeded) {
        this.configs = checkNotNull(configs, "Network config service cannot be null");
        this.devices = checkNotNull(devices, "Device service cannot be null");
        this.pipeconfs = checkNotNull(pipeconfs, "Pipeconf service cannot be null");
        this.driverNeeded = checkNotNull(driverNeeded, "Driver callback cannot be null");
    }

    /** Follows the configuration from now on. */
    public void start() {
        configs.addListener(listener);
    }

    /** Stops following the configuration. */
    public void stop() {
        configs.removeListener(listener);
    }

    /**
     * Adds a device as its config describes it: its pipeconf bound first, then DEVICE_ADDED with the
     * configured annotations.
     *
     * @param spec the device
     * @return the device
     * @throws IllegalArgumentException if a device with its id exists
     */
    public synchronized Device add(DeviceSpec spec) {
        checkNotNull(spec, "Device spec cannot be null");
        BasicDeviceConfig config = configs.getConfig(spec.id(), BasicDeviceConfig.class);
        Map<String, String> configured = annotations(config, configs.getConfig(spec.id(),
                                                                               DeviceAnnotationConfig.class));
        String driver = configured.containsKey(AnnotationKeys.DRIVER) ? configured.get(AnnotationKeys.DRIVER)
                : spec.driver();
        if (driver != null) {
            driverNeeded.accept(driver);
        }
        bind(spec.id(), config);
        return devices.add(spec, configured);
    }

    private synchronized void apply(DeviceId deviceId) {
        if (devices.getDevice(deviceId) == null) {
            return;
        }
        BasicDeviceConfig config = configs.getConfig(deviceId, BasicDeviceConfig.class);
        Map<String, String> configured = annotations(config, configs.getConfig(deviceId,
                                                                               DeviceAnnotationConfig.class));
        if (configured.get(AnnotationKeys.DRIVER) != null) {
            driverNeeded.accept(configured.get(AnnotationKeys.DRIVER));
        }
        bind(deviceId, config);
        devices.configure(deviceId, configured);
    }

    private void bind(DeviceId deviceId, BasicDeviceConfig config) {
        if (config != null && config.pipeconf() != null) {
            pipeconfs.bindToDevice(new PiPipeconfId(config.pipeconf()), deviceId);
        }
    }

    /**
     * The annotations the configs set (a null value removes one), as ONOS's basic device operator
     * and then its device annotation operator combine them.
     */
    private static Map<String, String> annotations(BasicDeviceConfig config, DeviceAnnotationConfig entries) {
        Map<String, String> annotations = basicAnnotations(config);
        if (entries != null) {
            annotations.putAll(entries.annotations());
        }
        return annotations;
    }

    private static Map<String, String> basicAnnotations(BasicDeviceConfig config) {
        Map<String, String> annotations = new HashMap<>();
        if (config == null) {
            return annotations;
        }
        putIfSet(annotations, AnnotationKeys.NAME, config.name());
        putIfSet(annotations, AnnotationKeys.UI_TYPE, config.uiType());
        putIfSet(annotations, AnnotationKeys.LOC_TYPE, config.locType());
        if (BasicElementConfig.LOC_TYPE_NONE.equals(config.locType())) {
            for (String key : new String[]{AnnotationKeys.GRID_X, AnnotationKeys.GRID_Y, AnnotationKeys.LATITUDE,
                    AnnotationKeys.LONGITUDE}) {
                annotations.put(key, null);
            }
        } else if (config.gridCoordsSet()) {
            annotations.put(AnnotationKeys.GRID_X, Double.toString(config.gridX()));
            annotations.put(AnnotationKeys.GRID_Y, Double.toString(config.gridY()));
            annotations.put(AnnotationKeys.LATITUDE, null);
            annotations.put(AnnotationKeys.LONGITUDE, null);
        } else if (config.geoCoordsSet()) {
            annotations.put(AnnotationKeys.LATITUDE, Double.toString(config.latitude()));
            annotations.put(AnnotationKeys.LONGITUDE, Double.toString(config.longitude()));
            annotations.put(AnnotationKeys.GRID_X, null);
            annotations.put(AnnotationKeys.GRID_Y, null);
        }
        putIfSet(annotations, AnnotationKeys.RACK_ADDRESS, config.rackAddress());
        putIfSet(annotations, AnnotationKeys.OWNER, config.owner());
        putIfSet(annotations, AnnotationKeys.DRIVER, config.driver());
        putIfSet(annotations, AnnotationKeys.MANAGEMENT_ADDRESS, config.managementAddress());
        return annotations;
    }

    private static void putIfSet(Map<String, String> annotations, String key, String value) {
        if (value != null) {
            annotations.put(key, value);
        }
    }

    /** Applies "basic" and "annotations" device configs as they change. */
    private final class InternalConfigListener implements NetworkConfigListener {
        @Override
        public boolean isRelevant(NetworkConfigEvent event) {
            return (BasicDeviceConfig.class.equals(event.configClass())
                    || DeviceAnnotationConfig.class.equals(event.configClass()))
                    && event.subject() instanceof DeviceId;
        }

        @Override
        public void event(NetworkConfigEvent event) {
            apply((DeviceId) event.subject());
        }
    }
}
