// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconf;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads the latency_packets counter of a device.
 */
public interface PacketCounterReader {

    /**
     * Reads every cell of the counter (where the device's ports are unknown).
     *
     * @param deviceId the device
     * @param pipeconf its pipeconf
     * @return packets per slot (cells the device omits count zero)
     * @throws AggregateReadException when the device cannot be read now
     */
    Map<Integer, Long> packets(DeviceId deviceId, PiPipeconf pipeconf) throws AggregateReadException;

    /**
     * Reads the cells of some slots only: a device counts only at its own ports, and reading
     * every cell of an 8,192-slot counter each poll costs the switch and the controller for
     * nothing (on the bmv2 lab a poll of a switch carrying 500 packets/s took 0.9 s).
     *
     * @param deviceId the device
     * @param pipeconf its pipeconf
     * @param slots    the slots to read
     * @return packets per slot (cells the device omits are absent)
     * @throws AggregateReadException when the device cannot be read now
     */
    default Map<Integer, Long> packets(DeviceId deviceId, PiPipeconf pipeconf, Collection<Integer> slots)
            throws AggregateReadException {
        Map<Integer, Long> all = packets(deviceId, pipeconf);
        Map<Integer, Long> asked = new HashMap<>();
        slots.stream().filter(all::containsKey).forEach(slot -> asked.put(slot, all.get(slot)));
        return asked;
    }
}
