// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.gtpu.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.runtime.PiCounterCellData;

import java.util.Optional;

/**
 * Reads one cell of a device's tunnel counter.
 */
interface TunnelCounterReader {

    /**
     * Reads a cell.
     *
     * @param device  the device
     * @param counter gtpu_encap_counter or gtpu_decap_counter
     * @param index   the tunnel's counter index
     * @return its packets and bytes (empty when the device holds no such cell)
     * @throws IllegalStateException when the device cannot be read now
     */
    Optional<PiCounterCellData> read(DeviceId device, PiCounterId counter, int index);
}
