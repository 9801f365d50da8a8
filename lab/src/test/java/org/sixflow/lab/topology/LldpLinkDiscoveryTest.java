// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.topology;

import org.junit.Test;
import org.onlab.packet.DeserializationException;
import org.onlab.packet.Ethernet;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.DefaultPacketContext;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.sixflow.app.testing.TestDeviceService;
import org.sixflow.lab.runtime.LabCore;
import org.sixflow.lab.runtime.LabEventDispatcher;

import java.nio.ByteBuffer;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

/**
 * A probe sent from one port and received at another makes a link; a port going down removes it.
 */
public class LldpLinkDiscoveryTest {

    private static PacketContext received(byte[] frame, ConnectPoint at) throws DeserializationException {
        Ethernet parsed = Ethernet.deserializer().deserialize(frame, 0, frame.length);
        return new DefaultPacketContext(0, new DefaultInboundPacket(at, parsed, ByteBuffer.wrap(frame)),
                                        new DefaultOutboundPacket(at.deviceId(),
                                                                  DefaultTrafficTreatment.emptyTreatment(),
                                                                  ByteBuffer.wrap(frame)), false) {
            @Override
            public void send() {
            }
        };
    }

    @Test
    public void aProbeReceivedElsewhereIsALinkAndAPortDownRemovesIt() throws Exception {
        LabEventDispatcher events = new LabEventDispatcher();
        TestDeviceService devices = new TestDeviceService();
        Device beijing = devices.addSwitch("device:beijing", true);
        devices.addSwitch("device:wuhan", true);
        LabLinkManager links = new LabLinkManager(devices, events);
        LldpLinkDiscovery discovery = new LldpLinkDiscovery(devices, new PacketServiceAdapter(), links, new LabCore(),
                                                            1000);
        ConnectPoint from = ConnectPoint.deviceConnectPoint("device:beijing/1");
        ConnectPoint to = ConnectPoint.deviceConnectPoint("device:wuhan/1");

        PacketContext context = received(LldpLinkDiscovery.probe(beijing, PortNumber.portNumber(1)), to);
        discovery.process(context);
        assertTrue(context.isHandled());
        assertNotNull(links.getLink(from, to));
        assertEquals(1, links.getLinkCount());

        devices.emit(new DeviceEvent(DeviceEvent.Type.PORT_UPDATED, beijing, new org.onosproject.net.DefaultPort(
                beijing, PortNumber.portNumber(1), false)));
        assertEquals(List.of(), List.copyOf(links.getDeviceLinks(from.deviceId())));

        // A probe seen again, then never again: it expires.
        discovery.process(received(LldpLinkDiscovery.probe(beijing, PortNumber.portNumber(1)), to));
        links.expire(System.currentTimeMillis() + 1);
        assertEquals(0, links.getLinkCount());
        events.stop();
    }
}
