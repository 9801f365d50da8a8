// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.driver;

import org.onlab.osgi.ServiceDirectory;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.driver.DefaultDriverData;
import org.onosproject.net.driver.Driver;
import org.onosproject.net.driver.DriverData;
import org.onosproject.net.driver.DriverHandler;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A handler for a simulated switch: its behaviours are its driver's (the simulated
 * GroupProgrammable, and on a device bound to a pipeconf the pipeconf's too, as the merged driver
 * has them), each made as ONOS's driver makes it, with this handler and its data; its services
 * are the simulation's.
 */
public final class SimDriverHandler implements DriverHandler {

    private final Driver driver;
    private final DriverData data;
    private final ServiceDirectory services;

    /**
     * Creates a handler.
     *
     * @param driver   the device's driver
     * @param deviceId the device
     * @param services the simulation's services
     */
    public SimDriverHandler(Driver driver, DeviceId deviceId, ServiceDirectory services) {
        this.driver = checkNotNull(driver, "Driver cannot be null");
        this.data = new DefaultDriverData(driver, checkNotNull(deviceId, "Device id cannot be null"));
        this.services = checkNotNull(services, "Services cannot be null");
    }

    @Override
    public Driver driver() {
        return driver;
    }

    @Override
    public DriverData data() {
        return data;
    }

    /**
     * Returns a new instance of one of the driver's behaviours, given this handler and its data.
     *
     * @param behaviourClass the behaviour
     * @param <T>            its type
     * @return the behaviour
     * @throws IllegalArgumentException when the driver has no such behaviour
     */
    @Override
    public <T extends Behaviour> T behaviour(Class<T> behaviourClass) {
        checkNotNull(behaviourClass, "Behaviour class cannot be null");
        if (!hasBehaviour(behaviourClass)) {
            throw new IllegalArgumentException(behaviourClass.getName() + " not supported: the driver "
                    + driver.name() + " of " + data.deviceId() + " has " + driver.behaviours());
        }
        return driver.createBehaviour(this, behaviourClass);
    }

    @Override
    public boolean hasBehaviour(Class<? extends Behaviour> behaviourClass) {
        return driver.hasBehaviour(behaviourClass);
    }

    /**
     * Returns one of the simulation's services.
     *
     * @param serviceClass the service
     * @param <T>          its type
     * @return the service
     * @throws org.onlab.osgi.ServiceNotFoundException if the simulation has no such service
     */
    @Override
    public <T> T get(Class<T> serviceClass) {
        checkNotNull(serviceClass, "Service class cannot be null");
        return services.get(serviceClass);
    }
}
