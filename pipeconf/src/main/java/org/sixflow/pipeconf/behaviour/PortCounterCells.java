// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour;

import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DefaultPortStatistics;
import org.onosproject.net.device.PortStatistics;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiCounterType;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiCounterCellId;
import org.sixflow.pipeconf.P4InfoConstants;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The bmv2 top's port counters (one cell per port, received and sent: v1model/main.p4) as ONOS's
 * port statistics: which cells to read for a device's ports, and what they say. Pure, so that it
 * is tested without a device.
 */
public final class PortCounterCells {

    /** Packets and octets received, by port. */
    public static final PiCounterId RECEIVED = P4InfoConstants.SIXFLOW_INGRESS_INGRESS_PORT_COUNTER;
    /** Packets and octets sent, by port. */
    public static final PiCounterId SENT = P4InfoConstants.SIXFLOW_EGRESS_EGRESS_PORT_COUNTER;

    private PortCounterCells() {
    }

    /**
     * Tells whether a pipeline counts per port (bmv2's; Tofino's ports are counted by the switch
     * and read over gNMI).
     *
     * @param model the pipeline
     * @return whether it has both indirect port counters
     */
    public static boolean counted(PiPipelineModel model) {
        return model.counter(RECEIVED).filter(c -> c.counterType() == PiCounterType.INDIRECT).isPresent()
                && model.counter(SENT).filter(c -> c.counterType() == PiCounterType.INDIRECT).isPresent();
    }

    /**
     * The cells to read for some ports: both counters at each port's number, for the ports the
     * counters have a cell for (a logical port, such as the controller's, has none).
     *
     * @param model the pipeline
     * @param ports the device's ports
     * @return the cells
     */
    public static List<PiCounterCellId> cells(PiPipelineModel model, Collection<PortNumber> ports) {
        long size = Math.min(model.counter(RECEIVED).map(c -> c.size()).orElse(0L),
                             model.counter(SENT).map(c -> c.size()).orElse(0L));
        List<PiCounterCellId> cells = new ArrayList<>();
        for (PortNumber port : ports) {
            if (!port.isLogical() && port.toLong() >= 0 && port.toLong() < size) {
                cells.add(PiCounterCellId.ofIndirect(RECEIVED, port.toLong()));
                cells.add(PiCounterCellId.ofIndirect(SENT, port.toLong()));
            }
        }
        return cells;
    }

    /**
     * The statistics of the ports whose two cells were both read.
     *
     * @param device   the device
     * @param read     the cells read
     * @param duration seconds a port has been counted, by port
     * @return one statistics per port, in port order
     */
    public static List<PortStatistics> statistics(DeviceId device, Collection<PiCounterCell> read,
                                                  ToLongFunction<PortNumber> duration) {
        Map<Long, PiCounterCell> received = new LinkedHashMap<>();
        Map<Long, PiCounterCell> sent = new LinkedHashMap<>();
        for (PiCounterCell cell : read) {
            PiCounterCellId id = cell.cellId();
            if (id.counterType() != PiCounterType.INDIRECT) {
                continue;
            }
            if (id.counterId().equals(RECEIVED)) {
                received.put(id.index(), cell);
            } else if (id.counterId().equals(SENT)) {
                sent.put(id.index(), cell);
            }
        }
        List<PortStatistics> statistics = new ArrayList<>();
        received.keySet().stream().filter(sent::containsKey).sorted().forEach(index -> {
            PortNumber port = PortNumber.portNumber(index);
            statistics.add(DefaultPortStatistics.builder()
                                   .setDeviceId(device)
                                   .setPort(port)
                                   .setPacketsReceived(received.get(index).data().packets())
                                   .setBytesReceived(received.get(index).data().bytes())
                                   .setPacketsSent(sent.get(index).data().packets())
                                   .setBytesSent(sent.get(index).data().bytes())
                                   .setDurationSec(duration.applyAsLong(port))
                                   .build());
        });
        return statistics;
    }
}
