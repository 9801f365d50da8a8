// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.pi.runtime.PiMeterCellId;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_METER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_METER;
import static org.sixflow.pipeconf.behaviour.bng.BngAttachmentRulesTest.model;

/**
 * A line's meter cells: both on the single BNG's device, the upstream one with the access half,
 * the downstream one with the forwarding half; written as ONOS's PI meter translator reads a
 * trTCM (yellow band: committed, red band: peak, bytes), at the line's id in the P4 meter's scope.
 */
public class BngLineMetersTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:bng");
    private static final BngLineRate UP = new BngLineRate(125_000, 3_000, 250_000, 6_000);
    private static final BngLineRate DOWN = new BngLineRate(1_250_000, 15_000, 2_500_000, 30_000);
    private static final MacAddress ACCESS_MAC = MacAddress.valueOf("00:aa:00:00:0b:01");

    private static TestAttachment metered() {
        return TestAttachment.pppoe(100, 7, "2001:db8:1:1::10", 0x1a2b).metered(UP, DOWN);
    }

    @Test
    public void theSingleBngHoldsBothDirectionsOfItsLine() {
        List<BngLineMeters.Cell> cells = BngLineMeters.cells(model("bng"), metered(), 9);
        assertEquals(List.of(PiMeterCellId.ofIndirect(SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_METER, 9),
                             PiMeterCellId.ofIndirect(SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_METER, 9)),
                     cells.stream().map(BngLineMeters.Cell::cellId).collect(Collectors.toList()));
        assertEquals(Optional.of(UP), cells.get(0).rate);
        assertEquals(Optional.of(DOWN), cells.get(1).rate);
    }

    @Test
    public void eachHalfOfASplitHoldsItsOwnDirection() {
        SplitHalf access = new SplitHalf(metered(), BngSplitAttachment.Half.ACCESS, PortNumber.portNumber(3),
                                         ACCESS_MAC);
        SplitHalf forward = new SplitHalf(metered(), BngSplitAttachment.Half.FORWARD, PortNumber.portNumber(2),
                                          ACCESS_MAC);
        List<BngLineMeters.Cell> up = BngLineMeters.cells(model("bng-access"), access, 4);
        assertEquals(1, up.size());
        assertEquals(PiMeterCellId.ofIndirect(SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_METER, 4), up.get(0).cellId());
        assertEquals(Optional.of(UP), up.get(0).rate);
        List<BngLineMeters.Cell> down = BngLineMeters.cells(model("bng-forward"), forward, 5);
        assertEquals(1, down.size());
        assertEquals(PiMeterCellId.ofIndirect(SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_METER, 5),
                     down.get(0).cellId());
        assertEquals(Optional.of(DOWN), down.get(0).rate);
    }

    @Test
    public void aPipelineWithoutTheHalfsMeterHasNoCellForIt() {
        // The forwarding half given to a bng-access device (it has no downstream meter), and the reverse.
        SplitHalf forward = new SplitHalf(metered(), BngSplitAttachment.Half.FORWARD, PortNumber.portNumber(2),
                                          ACCESS_MAC);
        assertTrue(BngLineMeters.cells(model("bng-access"), forward, 4).isEmpty());
        SplitHalf access = new SplitHalf(metered(), BngSplitAttachment.Half.ACCESS, PortNumber.portNumber(3),
                                         ACCESS_MAC);
        assertTrue(BngLineMeters.cells(model("bng-forward"), access, 4).isEmpty());
    }

    @Test
    public void anAttachmentWithoutRatesIsUnmeteredBothWays() {
        List<BngLineMeters.Cell> cells = BngLineMeters.cells(
                model("bng"), TestAttachment.pppoe(100, 7, "2001:db8:1:1::10", 0x1a2b), 9);
        assertEquals(2, cells.size());
        cells.forEach(cell -> assertEquals(Optional.empty(), cell.rate));
    }

    @Test
    public void aWriteIsATrTcmOfTwoBandsInBytesAtTheLinesIndex() {
        BngLineMeters.Cell up = BngLineMeters.cells(model("bng"), metered(), 9).get(0);
        MeterRequest request = BngLineMeters.write(DEVICE, TestAttachment.APP, up);
        assertEquals(DEVICE, request.deviceId());
        assertEquals(TestAttachment.APP, request.appId());
        assertEquals(Meter.Unit.BYTES_PER_SEC, request.unit());
        assertEquals(SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_METER.id(), request.scope().id());
        assertEquals(Optional.of(9L), request.index());
        Map<Band.Type, Band> bands = request.bands().stream().collect(Collectors.toMap(Band::type, b -> b));
        assertEquals(2, bands.size());
        assertEquals(125_000, bands.get(Band.Type.MARK_YELLOW).rate());
        assertEquals(Long.valueOf(3_000), bands.get(Band.Type.MARK_YELLOW).burst());
        assertEquals(250_000, bands.get(Band.Type.MARK_RED).rate());
        assertEquals(Long.valueOf(6_000), bands.get(Band.Type.MARK_RED).burst());
    }

    @Test
    public void aResetNamesTheSameCell() {
        BngLineMeters.Cell down = BngLineMeters.cells(model("bng"), metered(), 9).get(1);
        MeterRequest request = BngLineMeters.reset(DEVICE, TestAttachment.APP, down);
        assertEquals(SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_METER.id(), request.scope().id());
        assertEquals(Optional.of(9L), request.index());
    }

    @Test(expected = IllegalArgumentException.class)
    public void aPeakBelowTheCommittedRateIsRefused() {
        new BngLineRate(250_000, 3_000, 125_000, 6_000);
    }
}
