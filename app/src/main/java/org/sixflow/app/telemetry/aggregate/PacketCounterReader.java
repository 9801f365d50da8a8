// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconf;

import java.util.Map;

/**
 * Reads the latency_packets counter of a device.
 */
public interface PacketCounterReader {

    /**
     * Reads every cell of the counter.
     *
     * @param deviceId the device
     * @param pipeconf its pipeconf
     * @return packets per slot (cells the device omits count zero)
     * @throws AggregateReadException when the device cannot be read now
     */
    Map<Integer, Long> packets(DeviceId deviceId, PiPipeconf pipeconf) throws AggregateReadException;
}
