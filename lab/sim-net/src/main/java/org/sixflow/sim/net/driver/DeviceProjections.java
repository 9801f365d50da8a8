// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.driver;

import org.onlab.osgi.ServiceDirectory;
import org.onosproject.net.AbstractProjectableModel;
import org.onosproject.net.driver.DefaultDriverHandler;
import org.onosproject.net.driver.DriverService;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What {@code Device.is()} and {@code Device.as()} find, onos-api statics that ONOS's driver
 * manager and OSGi fill: the driver service, and the services of the handler {@code as()} gives a
 * handler behaviour (ONOS's DefaultDriverHandler, which looks them up in a static directory, OSGi's
 * in ONOS). Statics of onos-api: the simulated network that sets them last serves them.
 */
public final class DeviceProjections extends DefaultDriverHandler {

    private DeviceProjections() {
        super(null);
    }

    /**
     * Makes devices project onto a driver service's drivers and their handler behaviours find services.
     *
     * @param drivers  the driver service
     * @param services the services handlers find
     */
    public static void serve(DriverService drivers, ServiceDirectory services) {
        AbstractProjectableModel.setDriverService(null, checkNotNull(drivers, "Driver service cannot be null"));
        // DefaultDriverHandler's own hook for its run-time context.
        serviceDirectory = checkNotNull(services, "Services cannot be null");
    }
}
