// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.onosproject.net.pi.runtime.PiCounterCellHandle;
import org.onosproject.net.pi.runtime.PiCounterCellId;
import org.onosproject.p4runtime.api.P4RuntimeClient;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.onosproject.p4runtime.api.P4RuntimeReadClient;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_LATENCY_PACKETS;

/**
 * Reads latency_packets, or any indirect counter, through ONOS's own P4Runtime client of the device.
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
        Map<Integer, Long> packets = new HashMap<>();
        cells(deviceId, pipeconf, SIXFLOW_EGRESS_LATENCY_PACKETS)
                .forEach((index, data) -> packets.put(index, data.packets()));
        return packets;
    }

    @Override
    public Map<Integer, Long> packets(DeviceId deviceId, PiPipeconf pipeconf, Collection<Integer> slots)
            throws AggregateReadException {
        if (slots.isEmpty()) {
            return Map.of();
        }
        List<PiCounterCellHandle> handles = slots.stream().map(slot -> PiCounterCellHandle.of(
                deviceId, PiCounterCellId.ofIndirect(SIXFLOW_EGRESS_LATENCY_PACKETS, slot)))
                .collect(Collectors.toList());
        Map<Integer, Long> packets = new HashMap<>();
        read(deviceId, pipeconf, SIXFLOW_EGRESS_LATENCY_PACKETS, request -> request.handles(handles))
                .forEach((index, data) -> packets.put(index, data.packets()));
        return packets;
    }

    /**
     * Reads every cell of an indirect counter of the device.
     *
     * @param deviceId the device
     * @param pipeconf its pipeconf
     * @param counter  the counter (P4InfoConstants)
     * @return packets and bytes per index (cells the device omits are absent)
     * @throws AggregateReadException when the device cannot be read now
     */
    public Map<Integer, PiCounterCellData> cells(DeviceId deviceId, PiPipeconf pipeconf, PiCounterId counter)
            throws AggregateReadException {
        return read(deviceId, pipeconf, counter, request -> request.counterCells(counter));
    }

    private Map<Integer, PiCounterCellData> read(DeviceId deviceId, PiPipeconf pipeconf, PiCounterId counter,
                                                 UnaryOperator<P4RuntimeReadClient.ReadRequest> what)
            throws AggregateReadException {
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
        P4RuntimeReadClient.ReadResponse response = what.apply(client.read(address.p4DeviceId(), pipeconf))
                .submitSync();
        if (!response.isSuccess()) {
            throw new AggregateReadException("Reading " + counter + " of " + deviceId
                                                     + " failed: " + response.explanation(), response.throwable());
        }
        Map<Integer, PiCounterCellData> cells = new HashMap<>();
        for (PiCounterCell cell : response.all(PiCounterCell.class)) {
            cells.put(Math.toIntExact(cell.cellId().index()), cell.data());
        }
        return cells;
    }
}
