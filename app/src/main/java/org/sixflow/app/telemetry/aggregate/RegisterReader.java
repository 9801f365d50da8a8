// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.onosproject.net.DeviceId;

import java.util.List;

/**
 * Reads the latency registers of some slots of a device.
 */
public interface RegisterReader {

    /**
     * Reads the registers of the given slots.
     *
     * @param deviceId the device
     * @param layout   its pipeline's aggregate layout
     * @param slots    the slots
     * @return one reading per slot, in any order
     * @throws RegistersUnreadableException when the device cannot read registers this way at all
     * @throws AggregateReadException       when the device cannot be read now
     */
    List<SlotRegisters> read(DeviceId deviceId, AggregateLayout layout, List<Integer> slots)
            throws AggregateReadException;
}
