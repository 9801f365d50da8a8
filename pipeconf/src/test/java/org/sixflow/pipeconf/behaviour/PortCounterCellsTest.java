// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.PortStatistics;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiCounterCellId;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class PortCounterCellsTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:sbr");
    private final PiPipelineModel bmv2 = BundledPipeconfs.bmv2("nptv6").pipelineModel();

    @Test
    public void bmv2CountsItsPortsTofinoDoesNot() {
        assertTrue(PortCounterCells.counted(bmv2));
        assertFalse(PortCounterCells.counted(BundledPipeconfs.tofinoModel()));
    }

    @Test
    public void bothCellsOfEachPortTheCountersHaveAndNoneForTheController() {
        List<PiCounterCellId> cells = PortCounterCells.cells(bmv2, List.of(
                PortNumber.portNumber(1), PortNumber.portNumber(511), PortNumber.portNumber(512),
                PortNumber.CONTROLLER, PortNumber.LOCAL));
        assertEquals(List.of(PiCounterCellId.ofIndirect(PortCounterCells.RECEIVED, 1),
                             PiCounterCellId.ofIndirect(PortCounterCells.SENT, 1),
                             PiCounterCellId.ofIndirect(PortCounterCells.RECEIVED, 511),
                             PiCounterCellId.ofIndirect(PortCounterCells.SENT, 511)), cells);
    }

    @Test
    public void aPortsStatisticsAreItsTwoCellsAndAPortWithOneCellReadIsLeftOut() {
        List<PiCounterCell> read = List.of(
                new PiCounterCell(PiCounterCellId.ofIndirect(PortCounterCells.SENT, 3), 7, 700),
                new PiCounterCell(PiCounterCellId.ofIndirect(PortCounterCells.RECEIVED, 3), 5, 500),
                new PiCounterCell(PiCounterCellId.ofIndirect(PortCounterCells.RECEIVED, 2), 9, 900),
                new PiCounterCell(PiCounterCellId.ofIndirect(PortCounterCells.RECEIVED, 1), 1, 100),
                new PiCounterCell(PiCounterCellId.ofIndirect(PortCounterCells.SENT, 1), 2, 200));
        List<PortStatistics> stats = PortCounterCells.statistics(DEVICE, read, port -> 40 + port.toLong());
        assertEquals(2, stats.size());
        PortStatistics one = stats.get(0);
        assertEquals(PortNumber.portNumber(1), one.portNumber());
        assertEquals(1, one.packetsReceived());
        assertEquals(100, one.bytesReceived());
        assertEquals(2, one.packetsSent());
        assertEquals(200, one.bytesSent());
        assertEquals(41, one.durationSec());
        PortStatistics three = stats.get(1);
        assertEquals(PortNumber.portNumber(3), three.portNumber());
        assertEquals(5, three.packetsReceived());
        assertEquals(7, three.packetsSent());
        assertEquals(700, three.bytesSent());
    }
}
