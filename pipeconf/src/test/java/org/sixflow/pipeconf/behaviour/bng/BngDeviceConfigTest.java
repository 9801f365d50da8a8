// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The device annotations the behaviour needs: read when right, refused by name when not.
 */
public class BngDeviceConfigTest {

    private static DefaultAnnotations annotations(String port, String mac) {
        DefaultAnnotations.Builder builder = DefaultAnnotations.builder();
        if (port != null) {
            builder.set(BngDeviceConfig.ACCESS_PORT, port);
        }
        if (mac != null) {
            builder.set(BngDeviceConfig.BNG_MAC, mac);
        }
        return builder.build();
    }

    @Test
    public void readsThePortAndTheMac() throws Exception {
        BngDeviceConfig config = BngDeviceConfig.of(annotations(" 3", "00:aa:00:00:00:01"));
        assertEquals(PortNumber.portNumber(3), config.accessPort);
        assertEquals(MacAddress.valueOf("00:aa:00:00:00:01"), config.bngMac);
    }

    @Test
    public void refusesMissingOrWrongValues() {
        expectRefusal(annotations(null, "00:aa:00:00:00:01"), "bngAccessPort");
        expectRefusal(annotations("1", null), "bngMac");
        expectRefusal(null, "bngAccessPort");
        expectRefusal(annotations("one", "00:aa:00:00:00:01"), "not a port number");
        expectRefusal(annotations("512", "00:aa:00:00:00:01"), "not a data port");
        expectRefusal(annotations("1", "00:aa:00"), "not a MAC address");
        expectRefusal(annotations("1", "01:00:5e:00:00:01"), "unicast");
    }

    private static void expectRefusal(DefaultAnnotations annotations, String expected) {
        try {
            BngDeviceConfig.of(annotations);
            fail("accepted " + annotations);
        } catch (BngProgrammableException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(expected));
        }
    }
}
