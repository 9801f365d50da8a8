// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.slf4j.Logger;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * One device's aggregate reading: its pipeconf, layout, deltas, and which register reader works
 * for it. It starts with the direct P4Runtime read and, when the device answers that it reads
 * no registers (bmv2), keeps to the readout packet where the pipeline has one.
 */
final class DeviceAggregates {

    private final Logger log = getLogger(getClass());
    private final DeviceId deviceId;
    private final PiPipeconf pipeconf;
    private final AggregateLayout layout;
    private final AggregateDeltas deltas;
    private final RegisterReader readout;
    private RegisterReader registers;

    /**
     * Creates the state of one device.
     *
     * @param deviceId     the device
     * @param pipeconf     its pipeconf
     * @param layout       the pipeconf's aggregate layout
     * @param nanosPerTick the target's timestamp unit
     * @param p4Runtime    the direct P4Runtime register reader
     * @param readout      the readout-packet reader, or null where the pipeline has none
     */
    DeviceAggregates(DeviceId deviceId, PiPipeconf pipeconf, AggregateLayout layout, long nanosPerTick,
                     RegisterReader p4Runtime, RegisterReader readout) {
        this.deviceId = deviceId;
        this.pipeconf = pipeconf;
        this.layout = layout;
        this.deltas = new AggregateDeltas(layout, nanosPerTick);
        this.registers = p4Runtime;
        this.readout = readout;
    }

    PiPipeconf pipeconf() {
        return pipeconf;
    }

    /**
     * Reads the device once.
     *
     * @param counters the packet counter reader
     * @param ports    the device's egress ports, CPU port included (the slots read are theirs);
     *                 empty to read every slot
     * @param polledAt the poll time
     * @return the rows of the slots that counted packets since the previous poll
     * @throws AggregateReadException when the device cannot be read now
     */
    List<LatencyAggregate> poll(PacketCounterReader counters, Collection<Long> ports, Instant polledAt)
            throws AggregateReadException {
        Map<Integer, Long> packets = ports.isEmpty() ? counters.packets(deviceId, pipeconf)
                : counters.packets(deviceId, pipeconf, layout.slotsAt(ports));
        List<Integer> moved = deltas.moved(packets);
        if (moved.isEmpty()) {
            return List.of();
        }
        List<SlotRegisters> readings;
        try {
            readings = registers.read(deviceId, layout, moved);
        } catch (RegistersUnreadableException e) {
            if (readout == null || registers == readout) {
                throw e;
            }
            log.info("{}; reading its latency registers through readout packets from now on", e.getMessage());
            registers = readout;
            readings = registers.read(deviceId, layout, moved);
        }
        long ambiguousBefore = deltas.ambiguousSums();
        List<LatencyAggregate> rows = deltas.rows(deviceId, polledAt, packets, readings);
        long ambiguous = deltas.ambiguousSums() - ambiguousBefore;
        if (ambiguous > 0) {
            log.warn("{}: {} latency sums wrapped too often since the previous poll to be told exactly; "
                             + "the nearest estimates were stored (a shorter aggregatePollSeconds avoids this)",
                     deviceId, ambiguous);
        }
        return rows;
    }
}
