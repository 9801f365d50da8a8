// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import java.util.Collection;
import java.util.Optional;
import java.util.function.Consumer;

import org.onosproject.mastership.MastershipService;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketService;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.onosproject.net.pi.runtime.PiPacketOperation;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.p4runtime.api.P4RuntimeClient;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.sixflow.app.telemetry.aggregate.P4RuntimeAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A run's probes into its ingress device's P4Runtime stream, with what ONOS's driver looks up
 * for every packet looked up once. ONOS 2.7's path (PacketService.emit, then the driver's
 * P4RuntimePacketProgrammable) reads the device's pipeconf binding from a Raft-backed map four
 * times a packet (PiPipeconfManager.getPipeconf: containsKey and get, twice) and resolves the
 * driver again: on the bmv2 lab a packet-out took 786 µs to hand over and loaded both cores, so
 * a run at 1 ms fell behind its schedule and the switches queued. The frames are the same: the
 * device's own interpreter (its pipeconf's) maps each packet, as the driver would.
 */
final class DirectPacketOuts {

    private static final Logger log = LoggerFactory.getLogger(DirectPacketOuts.class);

    private final P4RuntimeController controller;
    private final NetworkConfigService netcfg;
    private final PiPipeconfService pipeconfs;
    private final DeviceService devices;
    private final MastershipService mastership;
    private final PacketService fallback;

    DirectPacketOuts(P4RuntimeController controller, NetworkConfigService netcfg, PiPipeconfService pipeconfs,
                     DeviceService devices, MastershipService mastership, PacketService fallback) {
        this.controller = checkNotNull(controller);
        this.netcfg = checkNotNull(netcfg);
        this.pipeconfs = checkNotNull(pipeconfs);
        this.devices = checkNotNull(devices);
        this.mastership = checkNotNull(mastership);
        this.fallback = checkNotNull(fallback);
    }

    /**
     * Returns where a run sends its packets through a device: the device's P4Runtime client when
     * this instance masters the device (only the primary client's packet-outs are taken) and it
     * has a client, an address, a pipeconf and an interpreter; otherwise ONOS's PacketService,
     * which hands a packet to the device's master.
     *
     * @param deviceId the device the packets are sent through
     * @return the sender
     */
    Consumer<OutboundPacket> open(DeviceId deviceId) {
        if (!mastership.isLocalMaster(deviceId)) {
            return byPacketService(deviceId, "this instance is not its master");
        }
        P4RuntimeClient client = controller.get(deviceId);
        if (client == null) {
            return byPacketService(deviceId, "ONOS has no P4Runtime client for it");
        }
        Optional<P4RuntimeAddress> address = addressOf(deviceId);
        if (address.isEmpty()) {
            return byPacketService(deviceId, "its netcfg has no usable management address");
        }
        Optional<PiPipeconf> pipeconf = pipeconfs.getPipeconf(deviceId);
        if (pipeconf.isEmpty()) {
            return byPacketService(deviceId, "it has no pipeconf");
        }
        Device device = devices.getDevice(deviceId);
        if (device == null || !device.is(PiPipelineInterpreter.class)) {
            return byPacketService(deviceId, "its driver has no pipeline interpreter");
        }
        return sender(deviceId, client, address.get().p4DeviceId(), pipeconf.get(),
                      device.as(PiPipelineInterpreter.class));
    }

    private Consumer<OutboundPacket> byPacketService(DeviceId deviceId, String why) {
        log.info("Packets through {} go by ONOS's packet service: {}", deviceId, why);
        return fallback::emit;
    }

    private static Consumer<OutboundPacket> sender(DeviceId deviceId, P4RuntimeClient client, long p4DeviceId,
                                                   PiPipeconf pipeconf, PiPipelineInterpreter interpreter) {
        return packet -> {
            Collection<PiPacketOperation> operations;
            try {
                operations = interpreter.mapOutboundPacket(packet);
            } catch (PiPipelineInterpreter.PiInterpreterException e) {
                // Every probe of a run is alike: one the interpreter refuses ends the run, saying why.
                throw new IllegalStateException("the interpreter of " + deviceId + " cannot send the probe: "
                                                        + e.getMessage(), e);
            }
            for (PiPacketOperation operation : operations) {
                client.packetOut(p4DeviceId, operation, pipeconf);
            }
        };
    }

    private Optional<P4RuntimeAddress> addressOf(DeviceId deviceId) {
        try {
            return P4RuntimeAddress.of(netcfg, deviceId);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
