// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.topology;

import org.onlab.packet.ChassisId;
import org.onlab.packet.Ethernet;
import org.onlab.packet.MacAddress;
import org.onlab.packet.ONOSLLDP;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketService;
import org.slf4j.Logger;

import java.nio.ByteBuffer;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Link discovery as ONOS's LLDP provider does it: every period, an ONOS LLDP probe (ONOSLLDP:
 * the sending device and port in its TLVs) goes out of every enabled port of every available
 * device as a packet-out; LLDP is punted back by a packet request (an acl entry the Pipeliner
 * installs); a probe received at (device, port) proves the link from where it was sent. A link
 * no probe crosses for {@link #STALE_PROBES} periods expires.
 */
public final class LldpLinkDiscovery implements PacketProcessor {

    /** Application that requests the LLDP packets, as ONOS's LLDP provider names itself. */
    public static final String APP_NAME = "org.onosproject.lldpprovider";
    /**
     * Probes missed before a link expires: ten seconds at the lab's one-second period, ONOS's own
     * stale link age. bmv2 can hold a device's packet-ins for a few seconds when one of its ports
     * goes down; a port that goes down and a device that goes away remove their links at once, so
     * expiry only catches what neither says.
     */
    public static final int STALE_PROBES = 10;

    private final Logger log = getLogger(getClass());
    private final DeviceService devices;
    private final PacketService packets;
    private final LabLinkManager links;
    private final ApplicationId appId;
    private final long periodMillis;
    private ScheduledExecutorService prober;

    /**
     * Creates discovery.
     *
     * @param devices      the devices probed
     * @param packets      packet I/O
     * @param links        where links are reported
     * @param core         registers the discovery application
     * @param periodMillis time between probe rounds
     */
    public LldpLinkDiscovery(DeviceService devices, PacketService packets, LabLinkManager links, CoreService core,
                             long periodMillis) {
        this.devices = devices;
        this.packets = packets;
        this.links = links;
        this.appId = core.registerApplication(APP_NAME);
        this.periodMillis = periodMillis;
    }

    /** Requests LLDP packet-ins and starts probing. */
    public void start() {
        packets.addProcessor(this, PacketProcessor.advisor(0));
        packets.requestPackets(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_LLDP).build(),
                               PacketPriority.CONTROL, appId);
        prober = Executors.newSingleThreadScheduledExecutor(groupedThreads("sixflow-lab/lldp", "probe", log));
        prober.scheduleWithFixedDelay(this::probeRound, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    /** Stops probing. */
    public void stop() {
        if (prober != null) {
            prober.shutdownNow();
        }
        packets.removeProcessor(this);
    }

    private void probeRound() {
        try {
            for (Device device : devices.getAvailableDevices()) {
                for (Port port : devices.getPorts(device.id())) {
                    if (port.isEnabled() && !port.number().isLogical()) {
                        packets.emit(new DefaultOutboundPacket(device.id(), DefaultTrafficTreatment.builder()
                                .setOutput(port.number()).build(), ByteBuffer.wrap(probe(device, port.number()))));
                    }
                }
            }
            links.expire(System.currentTimeMillis() - STALE_PROBES * periodMillis - periodMillis / 2);
        } catch (RuntimeException e) {
            log.warn("Probe round failed", e);
        }
    }

    /**
     * Builds the probe sent out of a port.
     *
     * @param device the sending device
     * @param port   the port
     * @return the Ethernet frame
     */
    static byte[] probe(Device device, PortNumber port) {
        ChassisId chassis = device.chassisId() == null ? new ChassisId() : device.chassisId();
        ONOSLLDP lldp = ONOSLLDP.onosLLDP(device.id().toString(), chassis, (int) port.toLong());
        Ethernet frame = new Ethernet();
        frame.setEtherType(Ethernet.TYPE_LLDP);
        frame.setDestinationMACAddress(MacAddress.ONOS_LLDP);
        frame.setSourceMACAddress(MacAddress.ONOS);
        frame.setPayload(lldp);
        return frame.serialize();
    }

    @Override
    public void process(PacketContext context) {
        Ethernet frame = context.inPacket().parsed();
        if (frame == null || frame.getEtherType() != Ethernet.TYPE_LLDP) {
            return;
        }
        ONOSLLDP lldp = ONOSLLDP.parseONOSLLDP(frame);
        if (lldp == null || lldp.getDeviceString() == null || lldp.getPort() == null) {
            return;
        }
        DeviceId from = DeviceId.deviceId(lldp.getDeviceString());
        if (devices.getDevice(from) == null) {
            return;     // not one of ours
        }
        ConnectPoint src = new ConnectPoint(from, PortNumber.portNumber(lldp.getPort()));
        ConnectPoint dst = context.inPacket().receivedFrom();
        if (!src.equals(dst)) {
            links.linkSeen(src, dst);
        }
        context.block();
    }
}
