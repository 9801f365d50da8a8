// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.drivers;

import org.onosproject.net.device.DeviceHandshaker;
import org.onosproject.net.driver.DefaultDriver;
import org.onosproject.net.driver.DefaultDriverProvider;
import org.onosproject.net.driver.Driver;
import org.onosproject.net.driver.DriverAdminService;
import org.onosproject.net.driver.DriverProvider;
import org.onlab.util.ItemNotFoundException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.util.List;
import java.util.Map;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The driver bmv2 switches take with Sixflow: ONOS's {@code bmv2} with its table entries modified
 * in place (a P4Runtime MODIFY, which bmv2 1.15 supports).
 *
 * <p>ONOS 2.7's {@code bmv2} driver sets {@code tableDeleteBeforeUpdate}, so changing an entry's
 * action is a DELETE and an INSERT in one write. Its table mirror records both, in that order,
 * in an eventually consistent map stamped with the wall clock in milliseconds, where a put no
 * newer than the tombstone before it is dropped: the mirror then lacks an entry the switch holds,
 * the next change of it goes out as an INSERT and the switch answers ALREADY_EXISTS. On the lab's
 * real ONOS every receiver change of an MSR6 tree after the first failed so (its ingress entry
 * changes action), and the flow poll later deleted the entry as unknown. Its handshaker answers
 * the role requests bmv2 leaves unanswered and makes a device available only with its pipeline set
 * ({@link SixflowBmv2Handshaker}). Netcfg names this
 * driver ({@value #NAME}) for bmv2 devices; {@code stratum-bmv2} does not set the property.
 */
@Component(immediate = true)
public class SixflowBmv2Driver {

    /** The driver's name, as netcfg gives it (basic.driver). */
    public static final String NAME = "sixflow-bmv2";
    /** ONOS's bmv2 driver, the parent. */
    static final String PARENT = "bmv2";
    /** The P4Runtime drivers' property (P4RuntimeDriverProperties.DELETE_BEFORE_UPDATE). */
    static final String DELETE_BEFORE_UPDATE = "tableDeleteBeforeUpdate";

    private final Logger log = getLogger(getClass());
    private DriverProvider provider;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DriverAdminService driverAdminService;

    @Activate
    protected void activate() {
        try {
            provider = providerOver(driverAdminService.getDriver(PARENT));
            driverAdminService.registerProvider(provider);
            log.info("Started: driver {} (ONOS's {} without {})", NAME, PARENT, DELETE_BEFORE_UPDATE);
        } catch (ItemNotFoundException e) {
            // The pipeconf app requires org.onosproject.drivers.bmv2, which registers it first.
            log.error("No driver {} to extend: is org.onosproject.drivers.bmv2 active? {} not registered", PARENT,
                      NAME);
        }
    }

    @Deactivate
    protected void deactivate() {
        if (provider != null) {
            driverAdminService.unregisterProvider(provider);
            provider = null;
        }
        log.info("Stopped");
    }

    /**
     * The provider of the driver, over its parent.
     *
     * @param parent ONOS's bmv2 driver
     * @return a provider holding {@value #NAME}
     */
    static DriverProvider providerOver(Driver parent) {
        DefaultDriverProvider provider = new DefaultDriverProvider();
        provider.addDriver(new DefaultDriver(NAME, List.of(parent), parent.manufacturer(), parent.hwVersion(),
                                             parent.swVersion(),
                                             Map.of(DeviceHandshaker.class, SixflowBmv2Handshaker.class),
                                             Map.of(DELETE_BEFORE_UPDATE, "false")));
        return provider;
    }
}
