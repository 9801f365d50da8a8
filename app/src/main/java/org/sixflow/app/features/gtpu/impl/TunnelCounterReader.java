// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.runtime.PiCounterCellData;

import java.util.Map;

/**
 * Reads a device's tunnel counter, every cell at once (one P4Runtime read, as the latency poller
 * reads its counters).
 */
interface TunnelCounterReader {

    /**
     * Reads a counter.
     *
     * @param device  the device
     * @param counter gtpu_encap_counter or gtpu_decap_counter
     * @return packets and bytes by counter index (cells the device omits are absent)
     * @throws IllegalStateException when the device cannot be read now
     */
    Map<Integer, PiCounterCellData> cells(DeviceId device, PiCounterId counter);
}
