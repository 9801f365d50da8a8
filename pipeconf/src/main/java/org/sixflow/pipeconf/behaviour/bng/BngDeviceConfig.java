// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onlab.packet.MacAddress;
import org.onosproject.net.Annotations;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;

/**
 * What ONOS's attachment does not say but the data plane needs, from the device's annotations
 * (netcfg {@code devices.<id>.annotations.entries}, ONOS's DeviceAnnotationConfig): the port its
 * subscribers' lines come in by ({@code bngAccessPort}, a port number) and the MAC it answers
 * PPPoE discovery with ({@code bngMac}), the source of the frames it sends down a session.
 */
final class BngDeviceConfig {

    static final String ACCESS_PORT = "bngAccessPort";
    static final String BNG_MAC = "bngMac";
    /** Port numbers the data plane's 9-bit ports can hold, the CPU port aside. */
    private static final long MAX_PORT = 511;

    final PortNumber accessPort;
    final MacAddress bngMac;

    private BngDeviceConfig(PortNumber accessPort, MacAddress bngMac) {
        this.accessPort = accessPort;
        this.bngMac = bngMac;
    }

    /**
     * Reads the configuration from a device's annotations.
     *
     * @param annotations the device's annotations
     * @return the configuration
     * @throws BngProgrammableException naming what is missing or wrong
     */
    static BngDeviceConfig of(Annotations annotations) throws BngProgrammableException {
        String port = annotations == null ? null : annotations.value(ACCESS_PORT);
        String mac = annotations == null ? null : annotations.value(BNG_MAC);
        if (port == null || mac == null) {
            throw new BngProgrammableException("the device needs annotations " + ACCESS_PORT
                                                       + " (the subscribers' port) and " + BNG_MAC
                                                       + " (its PPPoE MAC) for BNG attachments");
        }
        long number;
        try {
            number = Long.parseLong(port.trim());
        } catch (NumberFormatException e) {
            throw new BngProgrammableException(ACCESS_PORT + " \"" + port + "\" is not a port number");
        }
        if (number < 0 || number > MAX_PORT) {
            throw new BngProgrammableException(ACCESS_PORT + " " + number + " is not a data port (0.." + MAX_PORT + ")");
        }
        MacAddress bngMac;
        try {
            bngMac = MacAddress.valueOf(mac.trim());
        } catch (IllegalArgumentException e) {
            throw new BngProgrammableException(BNG_MAC + " \"" + mac + "\" is not a MAC address");
        }
        if (bngMac.isMulticast() || MacAddress.ZERO.equals(bngMac)) {
            throw new BngProgrammableException(BNG_MAC + " " + bngMac + " must be a unicast MAC address");
        }
        return new BngDeviceConfig(PortNumber.portNumber(number), bngMac);
    }
}
