// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.p4runtime.api.P4RuntimeClient;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.onosproject.p4runtime.api.P4RuntimeReadClient;

import java.util.HashMap;
import java.util.Map;

import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_LATENCY_PACKETS;

/**
 * Reads latency_packets through ONOS's own P4Runtime client of the device.
 */
public final class OnosPacketCounterReader implements PacketCounterReader {

    private final P4RuntimeController controller;
    private final NetworkConfigService configService;

    /**
     * Creates the reader.
     *
     * @param controller    ONOS's P4Runtime clients
     * @param configService netcfg, for the device's P4Runtime device id
     */
    public OnosPacketCounterReader(P4RuntimeController controller, NetworkConfigService configService) {
        this.controller = controller;
        this.configService = configService;
    }

    @Override
    public Map<Integer, Long> packets(DeviceId deviceId, PiPipeconf pipeconf) throws AggregateReadException {
        P4RuntimeAddress address;
        try {
            address = P4RuntimeAddress.of(configService, deviceId).orElseThrow(
                    () -> new AggregateReadException(deviceId + " has no P4Runtime management address in netcfg"));
        } catch (IllegalArgumentException e) {
            throw new AggregateReadException(deviceId + ": " + e.getMessage(), e);
        }
        P4RuntimeClient client = controller.get(deviceId);
        if (client == null) {
            throw new AggregateReadException("ONOS has no P4Runtime client for " + deviceId);
        }
        P4RuntimeReadClient.ReadResponse response = client.read(address.p4DeviceId(), pipeconf)
                .counterCells(SIXFLOW_EGRESS_LATENCY_PACKETS).submitSync();
        if (!response.isSuccess()) {
            throw new AggregateReadException("Reading " + SIXFLOW_EGRESS_LATENCY_PACKETS + " of " + deviceId
                                                     + " failed: " + response.explanation(), response.throwable());
        }
        Map<Integer, Long> packets = new HashMap<>();
        for (PiCounterCell cell : response.all(PiCounterCell.class)) {
            packets.put(Math.toIntExact(cell.cellId().index()), cell.data().packets());
        }
        return packets;
    }
}
