// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.pipeconf.PipeconfCapabilities;

import java.nio.ByteBuffer;
import java.util.OptionalInt;

/**
 * How the controller's answer to a packet the data plane punted or reported leaves the device:
 * out of the port the packet came in by; or, for a packet on its second pass through the pipeline
 * (it came in by the recirculation port: GTP-U's UE-to-UE round), through the pipeline (ONOS's
 * TABLE port), which routes the answer as a packet it received: to a UE, down the UE's tunnel,
 * the one way back to it. Such an answer is addressed to the router's station MAC, so that the
 * pipeline routes it; every answer is sent from that MAC, which it takes.
 */
public final class AnswerOut {

    private static final int MAC_BYTES = 6;

    private final PiPipeconfService pipeconfs;

    /**
     * Answers leaving the devices whose pipeconfs this service knows.
     *
     * @param pipeconfs ONOS's pipeconf service (which pipeconf a device runs)
     */
    public AnswerOut(PiPipeconfService pipeconfs) {
        this.pipeconfs = pipeconfs;
    }

    /**
     * Tells whether a port is its device's recirculation port: a packet that came in by it was on
     * its second pass through the pipeline, and came in by no link.
     *
     * @param port the device and port
     * @return true if the device's pipeconf recirculates through that port
     */
    public boolean isRecirculation(ConnectPoint port) {
        OptionalInt recirculation = pipeconfs.getPipeconf(port.deviceId()).flatMap(PipeconfCapabilities::of)
                .map(PipeconfCapabilities::recirculationPort).orElse(OptionalInt.empty());
        return recirculation.isPresent() && !port.port().isLogical()
                && port.port().toLong() == recirculation.getAsInt();
    }

    /**
     * The packet-out that sends an answer back the way a packet came in.
     *
     * @param in    where the packet came in
     * @param frame the answer, an Ethernet frame from the router's station MAC
     * @return the packet-out
     */
    public OutboundPacket back(ConnectPoint in, byte[] frame) {
        if (!isRecirculation(in)) {
            return new DefaultOutboundPacket(in.deviceId(), DefaultTrafficTreatment.builder().setOutput(in.port()).build(),
                                             ByteBuffer.wrap(frame));
        }
        byte[] toRouter = frame.clone();
        System.arraycopy(frame, MAC_BYTES, toRouter, 0, MAC_BYTES);
        return new DefaultOutboundPacket(in.deviceId(), DefaultTrafficTreatment.builder().setOutput(PortNumber.TABLE).build(),
                                         ByteBuffer.wrap(toRouter));
    }
}
