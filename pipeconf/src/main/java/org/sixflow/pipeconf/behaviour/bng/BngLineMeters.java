// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.DefaultBand;
import org.onosproject.net.meter.DefaultMeterRequest;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterScope;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.runtime.PiMeterCellId;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_METER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_METER;

/**
 * The meter cells of one attachment's line on one device, for the halves it holds and the meters
 * its pipeline has (bng: both, bng-access: upstream, bng-forward: downstream), each with the rate
 * the attachment asks for, and the ONOS meter requests that write or reset them. Meters go
 * through ONOS's MeterService, scoped by the P4 meter and indexed by the line id: ONOS's
 * P4Runtime meter driver resets every cell its translation store does not know at each meter
 * poll, so a cell written past it would not stay.
 */
final class BngLineMeters {

    /** One meter cell of the line and what it should hold. */
    static final class Cell {
        final PiMeterId meter;
        final long lineId;
        /** Empty: unmetered. */
        final Optional<BngLineRate> rate;

        Cell(PiMeterId meter, long lineId, Optional<BngLineRate> rate) {
            this.meter = meter;
            this.lineId = lineId;
            this.rate = rate;
        }

        /** The cell as ONOS's meter store keys it. */
        PiMeterCellId cellId() {
            return PiMeterCellId.ofIndirect(meter, lineId);
        }

        @Override
        public String toString() {
            return meter + "[" + lineId + "] " + rate.map(BngLineRate::toString).orElse("unmetered");
        }
    }

    /** The BNG's meters, whichever of them a pipeline has. */
    static final Set<PiMeterId> METERS = Set.of(SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_METER,
                                                SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_METER);

    private BngLineMeters() {
    }

    /**
     * Returns the line's cells this device holds for an attachment.
     *
     * @param model      the device's pipeline
     * @param attachment the attachment (a {@link BngMeteredAttachment} for rates, else unmetered)
     * @param lineId     its line on this device
     * @return the cells, upstream first
     */
    static List<Cell> cells(PiPipelineModel model, Attachment attachment, int lineId) {
        Optional<BngLineRate> up = Optional.empty();
        Optional<BngLineRate> down = Optional.empty();
        if (attachment instanceof BngMeteredAttachment) {
            up = ((BngMeteredAttachment) attachment).upstreamRate();
            down = ((BngMeteredAttachment) attachment).downstreamRate();
        }
        List<Cell> cells = new ArrayList<>();
        if (model.meter(SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_METER).isPresent()
                && BngAttachmentRules.writes(attachment, BngSplitAttachment.Half.ACCESS)) {
            cells.add(new Cell(SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_METER, lineId, up));
        }
        if (model.meter(SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_METER).isPresent()
                && BngAttachmentRules.writes(attachment, BngSplitAttachment.Half.FORWARD)) {
            cells.add(new Cell(SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_METER, lineId, down));
        }
        return cells;
    }

    /**
     * The request that writes a metered cell: ONOS's PI meter translator takes a MARK_YELLOW band
     * as the committed rate and burst and a MARK_RED band as the peak ones, in the meter's own
     * unit (bytes here).
     *
     * @param device the device
     * @param appId  the app the meter belongs to
     * @param cell   the cell, with a rate
     * @return the request
     */
    static MeterRequest write(DeviceId device, ApplicationId appId, Cell cell) {
        BngLineRate rate = cell.rate.orElseThrow(() -> new IllegalArgumentException(cell + " has no rate"));
        Band committed = DefaultBand.builder().ofType(Band.Type.MARK_YELLOW)
                .withRate(rate.cirBytesPerSecond()).burstSize(rate.cbsBytes()).build();
        Band peak = DefaultBand.builder().ofType(Band.Type.MARK_RED)
                .withRate(rate.pirBytesPerSecond()).burstSize(rate.pbsBytes()).build();
        return request(device, appId, cell).withBands(List.of(committed, peak)).add();
    }

    /**
     * The request that takes a cell's meter out of ONOS, which resets the cell to unmetered.
     *
     * @param device the device
     * @param appId  the app the meter belongs to
     * @param cell   the cell
     * @return the request
     */
    static MeterRequest reset(DeviceId device, ApplicationId appId, Cell cell) {
        return request(device, appId, cell).remove();
    }

    private static MeterRequest.Builder request(DeviceId device, ApplicationId appId, Cell cell) {
        return DefaultMeterRequest.builder().forDevice(device).fromApp(appId)
                .withUnit(Meter.Unit.BYTES_PER_SEC)
                .withScope(MeterScope.of(cell.meter.id())).withIndex(cell.lineId);
    }
}
