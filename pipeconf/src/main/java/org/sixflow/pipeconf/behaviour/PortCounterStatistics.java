// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour;

import org.onosproject.drivers.p4runtime.AbstractP4RuntimeHandlerBehaviour;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.device.PortStatistics;
import org.onosproject.net.device.PortStatisticsDiscovery;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiCounterCellHandle;
import org.onosproject.net.pi.runtime.PiCounterCellId;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * ONOS's port statistics of a bmv2 device, from the pipeline's port counters read over P4Runtime:
 * bmv2 speaks no gNMI, so without this ONOS (its GUI, `portstats`, Sixflow's port telemetry and
 * the multihoming study's link counters) would have no port counts for it. ONOS polls it (the
 * general device provider's statistics interval) and ignores it on a driver with its own (gNMI).
 */
public class PortCounterStatistics extends AbstractP4RuntimeHandlerBehaviour implements PortStatisticsDiscovery {

    /** When this instance first counted a port, in seconds: a P4 counter has no start time. */
    private static final Map<ConnectPoint, Long> FIRST_READ = new ConcurrentHashMap<>();

    private final Logger log = getLogger(getClass());

    @Override
    public Collection<PortStatistics> discoverPortStatistics() {
        if (!setupBehaviour("discoverPortStatistics()")) {
            return List.of();
        }
        List<PortNumber> ports = handler().get(DeviceService.class).getPorts(deviceId).stream()
                .map(Port::number).collect(Collectors.toList());
        List<PiCounterCellId> cells = PortCounterCells.cells(pipeconf.pipelineModel(), ports);
        if (cells.isEmpty()) {
            return List.of();
        }
        Collection<PiCounterCell> read = client.read(p4DeviceId, pipeconf)
                .handles(cells.stream().map(cell -> PiCounterCellHandle.of(deviceId, cell))
                                 .collect(Collectors.toList()))
                .submitSync().all(PiCounterCell.class);
        if (read.size() < cells.size()) {
            log.debug("{}: read {} of {} port counter cells", deviceId, read.size(), cells.size());
        }
        long now = System.currentTimeMillis() / 1000;
        return PortCounterCells.statistics(deviceId, read, port -> now - firstRead(deviceId, port, now));
    }

    private static long firstRead(DeviceId device, PortNumber port, long now) {
        return FIRST_READ.computeIfAbsent(new ConnectPoint(device, port), k -> now);
    }
}
