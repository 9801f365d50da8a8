// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.device;

import org.onlab.osgi.ServiceDirectory;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.driver.DefaultDriver;
import org.onosproject.net.driver.DefaultDriverData;
import org.onosproject.net.driver.Driver;
import org.onosproject.net.driver.DriverData;
import org.onosproject.net.driver.DriverHandler;
import org.onosproject.net.pi.model.PiPipeconf;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The driver handler a pipeconf's behaviours (interpreter, Pipeliner) run with: a "bmv2" driver
 * merged with the pipeconf's behaviours, as ONOS merges them, and services from the lab's
 * directory (ONOS's DefaultDriverHandler would look them up in OSGi).
 */
public final class LabDriverHandler implements DriverHandler {

    /** Name of the lab's driver, as ONOS names the simple_switch_grpc driver. */
    public static final String DRIVER = "bmv2";

    private final DriverData data;
    private final ServiceDirectory services;

    /**
     * Creates the handler of a device.
     *
     * @param deviceId the device
     * @param pipeconf its pipeconf
     * @param services where behaviours find services
     */
    public LabDriverHandler(DeviceId deviceId, PiPipeconf pipeconf, ServiceDirectory services) {
        Map<Class<? extends Behaviour>, Class<? extends Behaviour>> behaviours = new HashMap<>();
        for (Class<? extends Behaviour> api : pipeconf.behaviours()) {
            pipeconf.implementation(api).ifPresent(impl -> behaviours.put(api, impl));
        }
        Driver driver = new DefaultDriver(DRIVER + ":" + pipeconf.id(), List.of(), "p4.org", "bmv2",
                                          "simple_switch_grpc", behaviours, Map.of());
        this.data = new DefaultDriverData(driver, deviceId);
        this.services = services;
    }

    @Override
    public Driver driver() {
        return data.driver();
    }

    @Override
    public DriverData data() {
        return data;
    }

    @Override
    public <T extends Behaviour> T behaviour(Class<T> behaviourClass) {
        return data.driver().createBehaviour(this, behaviourClass);
    }

    @Override
    public <T> T get(Class<T> serviceClass) {
        return services.get(serviceClass);
    }
}
