// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.driver;

import org.onlab.osgi.ServiceNotFoundException;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.driver.DefaultDriverData;
import org.onosproject.net.driver.Driver;
import org.onosproject.net.driver.DriverData;
import org.onosproject.net.driver.DriverHandler;
import org.onosproject.net.group.GroupProgrammable;

import java.util.function.Function;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A handler for a simulated switch: its only behaviour is {@link GroupProgrammable}, which reads
 * back the groups the switch holds; its services are the simulation's.
 */
public final class SimDriverHandler implements DriverHandler {

    private final Driver driver;
    private final DriverData data;
    private final Function<Class<?>, Object> services;

    /**
     * Creates a handler.
     *
     * @param driver   the device's driver
     * @param deviceId the device
     * @param services finds the simulation's service of a class, or null
     */
    public SimDriverHandler(Driver driver, DeviceId deviceId, Function<Class<?>, Object> services) {
        this.driver = checkNotNull(driver, "Driver cannot be null");
        this.data = new DefaultDriverData(driver, checkNotNull(deviceId, "Device id cannot be null"));
        this.services = checkNotNull(services, "Service look-up cannot be null");
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
     * Returns the device's GroupProgrammable; no other behaviour is simulated.
     *
     * @param behaviourClass the behaviour
     * @param <T>            its type
     * @return the behaviour
     * @throws IllegalArgumentException for any behaviour but GroupProgrammable
     */
    @Override
    public <T extends Behaviour> T behaviour(Class<T> behaviourClass) {
        checkNotNull(behaviourClass, "Behaviour class cannot be null");
        if (!hasBehaviour(behaviourClass)) {
            throw new IllegalArgumentException(behaviourClass.getName() + " not supported: the simulated driver "
                    + driver.name() + " of " + data.deviceId() + " has only " + GroupProgrammable.class.getName());
        }
        SimGroupProgrammable behaviour = new SimGroupProgrammable();
        behaviour.setHandler(this);
        behaviour.setData(data);
        return behaviourClass.cast(behaviour);
    }

    @Override
    public boolean hasBehaviour(Class<? extends Behaviour> behaviourClass) {
        return GroupProgrammable.class.equals(behaviourClass);
    }

    /**
     * Returns one of the simulation's services.
     *
     * @param serviceClass the service
     * @param <T>          its type
     * @return the service
     * @throws ServiceNotFoundException if the simulation has no such service
     */
    @Override
    public <T> T get(Class<T> serviceClass) {
        checkNotNull(serviceClass, "Service class cannot be null");
        Object service = services.apply(serviceClass);
        if (service == null) {
            throw new ServiceNotFoundException("Service " + serviceClass.getName() + " not found in the simulation");
        }
        return serviceClass.cast(service);
    }
}
