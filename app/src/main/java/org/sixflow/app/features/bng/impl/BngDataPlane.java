// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.onosproject.net.behaviour.BngProgrammable.BngCounterType;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.pi.runtime.PiCounterCellData;

import java.util.Map;
import java.util.Optional;

/**
 * What the relay needs of the network: to send a frame out of a port (a packet-out), the MAC a
 * BNG device answers discovery with, the link between a split BNG's two devices, and the
 * device's BngProgrammable behaviour. The manager
 * gives ONOS's services; tests give a recording one.
 */
interface BngDataPlane {

    /**
     * Sends a frame out of a port, as it is.
     *
     * @param port  where
     * @param frame the Ethernet frame
     */
    void send(ConnectPoint port, byte[] frame);

    /**
     * The MAC a BNG device answers discovery with (its {@code bngMac} annotation).
     *
     * @param device the device
     * @return the MAC, if the device has one
     */
    Optional<MacAddress> bngMac(DeviceId device);

    /**
     * A link from one device to another (ONOS's link service), the lowest source port first if
     * there are several: a split BNG's trunk.
     *
     * @param from the link's source device
     * @param to   its destination device
     * @return the link, if there is one
     */
    Optional<Link> link(DeviceId from, DeviceId to);

    /**
     * Installs an attachment's entries (BngProgrammable.setupAttachment).
     *
     * @param device     the BNG device
     * @param attachment the attachment
     * @throws BngProgrammableException when the device refuses it or has no BNG behaviour
     */
    void setup(DeviceId device, Attachment attachment) throws BngProgrammableException;

    /**
     * Removes an attachment's entries (BngProgrammable.removeAttachment).
     *
     * @param device     the BNG device
     * @param attachment the attachment
     * @throws BngProgrammableException when the device refuses it or has no BNG behaviour
     */
    void remove(DeviceId device, Attachment attachment) throws BngProgrammableException;

    /**
     * Reads an attachment's line counters (BngProgrammable.readCounters).
     *
     * @param device     the BNG device
     * @param attachment the attachment
     * @return the counters its pipeline has
     * @throws BngProgrammableException when they cannot be read
     */
    Map<BngCounterType, PiCounterCellData> counters(DeviceId device, Attachment attachment)
            throws BngProgrammableException;
}
