// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.drivers;

import org.junit.Test;
import org.onosproject.net.device.DeviceHandshaker;
import org.onosproject.net.driver.DefaultDriver;
import org.onosproject.net.driver.Driver;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;

public class SixflowBmv2DriverTest {

    /** ONOS 2.7's bmv2 driver as bmv2-drivers.xml declares it (its property, not its behaviours). */
    private static final Driver BMV2 = new DefaultDriver("bmv2", List.of(), "p4.org", "master", "master",
                                                         Map.of(), Map.of("tableDeleteBeforeUpdate", "true"));

    @Test
    public void extendsBmv2WithEntriesModifiedInPlace() {
        List<Driver> drivers = List.copyOf(SixflowBmv2Driver.providerOver(BMV2).getDrivers());
        assertEquals(1, drivers.size());
        Driver driver = drivers.get(0);
        assertEquals("sixflow-bmv2", driver.name());
        assertEquals(List.of(BMV2), driver.parents());
        assertEquals("its own property wins over bmv2's", "false", driver.getProperty("tableDeleteBeforeUpdate"));
        assertEquals(SixflowBmv2Handshaker.class, driver.implementation(DeviceHandshaker.class));
    }
}
