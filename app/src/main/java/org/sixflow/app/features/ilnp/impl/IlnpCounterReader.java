// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.runtime.PiCounterCellData;

import java.util.Map;

/**
 * Reads every cell of an indirect counter of a device (ilnp_uplink_in or ilnp_uplink_out).
 */
interface IlnpCounterReader {

    /**
     * Reads a counter.
     *
     * @param device  the device
     * @param counter the counter
     * @return packets and bytes by index (cells the device omits are absent)
     * @throws IllegalStateException when the device cannot be read now
     */
    Map<Integer, PiCounterCellData> cells(DeviceId device, PiCounterId counter);
}
