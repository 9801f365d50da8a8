// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.p4runtime.api.P4RuntimeController;

import java.util.Map;

/**
 * Reads every cell of an indirect counter of a device at once (one P4Runtime read): the GTP-U
 * tunnels' and the ILNP uplinks' counters, as the latency poller reads its own.
 */
@FunctionalInterface
public interface CounterCells {

    /**
     * Reads a counter.
     *
     * @param device  the device
     * @param counter the counter
     * @return packets and bytes by index (cells the device omits are absent)
     * @throws IllegalStateException when the device cannot be read now
     */
    Map<Integer, PiCounterCellData> cells(DeviceId device, PiCounterId counter);

    /**
     * Reads through ONOS's P4Runtime client of the device, with the pipeconf the device runs.
     *
     * @param controller ONOS's P4Runtime controller
     * @param netcfg     ONOS's netcfg (the device's P4Runtime device id)
     * @param pipeconfs  ONOS's pipeconfs
     * @return the reader
     */
    static CounterCells onos(P4RuntimeController controller, NetworkConfigService netcfg,
                             PiPipeconfService pipeconfs) {
        OnosPacketCounterReader reader = new OnosPacketCounterReader(controller, netcfg);
        return (device, counter) -> {
            PiPipeconf pipeconf = pipeconfs.getPipeconf(device)
                    .orElseThrow(() -> new IllegalStateException(device + " has no pipeconf"));
            try {
                return reader.cells(device, pipeconf, counter);
            } catch (AggregateReadException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        };
    }
}
