// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import com.google.common.collect.ImmutableSet;
import org.onosproject.core.ApplicationId;
import org.onosproject.drivers.p4runtime.AbstractP4RuntimeHandlerBehaviour;
import org.onosproject.net.Device;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.meter.MeterService;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.onosproject.net.pi.runtime.PiCounterCellHandle;
import org.onosproject.net.pi.runtime.PiCounterCellId;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V4;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SESSION;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V4;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6;

/**
 * ONOS's BNG behaviour on the Sixflow pipeconfs with a BNG: attachments become the entries
 * {@link BngAttachmentRules} builds (through the flow rule service, as the app's other entries),
 * counters are read and reset cell by cell over P4Runtime. Every counter type exists, UPSTREAM_RX
 * and DOWNSTREAM_DROPPED included, on the pipelines that have its half of the BNG
 * ({@link BngCounters}). The device must carry the annotations {@link BngDeviceConfig} reads,
 * unless it is given only the forwarding half of a split attachment ({@link BngSplitAttachment},
 * which carries the trunk port and the access switch's MAC).
 * Control traffic needs no entry: the data plane punts it by itself, line id 0 before the line
 * is provisioned (readControlTrafficCounter).
 * The line's meter cells ({@link BngLineMeters}) are written with an active attachment's entries,
 * at the rates a {@link BngMeteredAttachment} gives (unmetered otherwise), and reset with the
 * line's shared entries, through ONOS's MeterService: its P4Runtime meter driver keeps only the
 * cells it knows. Writing a rate needs MeterManager's userDefinedIndex (the cell is the line's).
 */
public class SixflowBngProgrammable extends AbstractP4RuntimeHandlerBehaviour implements BngProgrammable {

    /** The tables this behaviour writes. */
    static final Set<PiTableId> TABLES = ImmutableSet.of(
            SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SESSION,
            SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V4,
            SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6, SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V4,
            SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION);

    @Override
    public boolean init(ApplicationId appId) {
        return setupBehaviour("init()") && !BngCounters.supported(pipeconf.pipelineModel()).isEmpty();
    }

    @Override
    public void cleanUp(ApplicationId appId) throws BngProgrammableException {
        setup("cleanUp()");
        FlowRuleService flowRules = handler().get(FlowRuleService.class);
        List<FlowRule> mine = new ArrayList<>();
        for (FlowEntry entry : flowRules.getFlowEntries(deviceId)) {
            if (entry.appId() == appId.id() && TABLES.contains(entry.table())) {
                mine.add(entry);
            }
        }
        flowRules.removeFlowRules(mine.toArray(new FlowRule[0]));
        BngLineLedger.forget(deviceId);
        meterWriter().resetAll(appId);
    }

    @Override
    public void setupAttachment(Attachment attachment) throws BngProgrammableException {
        setup("setupAttachment()");
        BngAttachmentRules rules = rules(attachment);
        int lineId = lineId(attachment, true);
        FlowRuleService flowRules = handler().get(FlowRuleService.class);
        List<FlowRule> session = rules.session(attachment, lineId);
        List<FlowRule> install = new ArrayList<>(rules.lineMap(attachment, lineId));
        if (attachment.lineActive()) {
            install.addAll(session);
            meterWriter().write(attachment.appId(), BngLineMeters.cells(pipeconf.pipelineModel(), attachment,
                                                                        lineId));
        } else {
            // An inactive line keeps its line id (control traffic is counted on it) but its data is dropped.
            flowRules.removeFlowRules(session.toArray(new FlowRule[0]));
        }
        flowRules.applyFlowRules(install.toArray(new FlowRule[0]));
    }

    @Override
    public void removeAttachment(Attachment attachment) throws BngProgrammableException {
        setup("removeAttachment()");
        BngAttachmentRules rules = rules(attachment);
        int lineId = lineId(attachment, false);
        List<FlowRule> remove = rules.removal(attachment, lineId);
        handler().get(FlowRuleService.class).removeFlowRules(remove.toArray(new FlowRule[0]));
        boolean othersStay = attachment instanceof BngPrefixAttachment
                && ((BngPrefixAttachment) attachment).othersStay();
        if (!othersStay) {
            // The line's id goes back to the free ones: its next holder must not inherit the rates.
            meterWriter().reset(attachment.appId(), BngLineMeters.cells(pipeconf.pipelineModel(), attachment,
                                                                        lineId));
            LineRef line = lineRef(attachment);
            BngLineLedger.of(deviceId).release(line.record, line.port, line.sVid, line.cVid);
        }
    }

    private BngMeterWriter meterWriter() {
        return new BngMeterWriter(handler().get(MeterService.class), deviceId);
    }

    @Override
    public Map<BngCounterType, PiCounterCellData> readCounters(Attachment attachment)
            throws BngProgrammableException {
        setup("readCounters()");
        return read(lineId(attachment, false), BngCounters.supported(pipeconf.pipelineModel()));
    }

    @Override
    public PiCounterCellData readCounter(Attachment attachment, BngCounterType counter)
            throws BngProgrammableException {
        setup("readCounter()");
        PiCounterId id = BngCounters.supported(pipeconf.pipelineModel()).get(counter);
        if (id == null) {
            return null;
        }
        return read(lineId(attachment, false), Map.of(counter, id)).get(counter);
    }

    @Override
    public PiCounterCellData readControlTrafficCounter() throws BngProgrammableException {
        setup("readControlTrafficCounter()");
        PiCounterId id = BngCounters.supported(pipeconf.pipelineModel()).get(BngCounterType.CONTROL_PLANE);
        if (id == null) {
            return null;
        }
        return read(BngCounters.NO_LINE, Map.of(BngCounterType.CONTROL_PLANE, id))
                .get(BngCounterType.CONTROL_PLANE);
    }

    @Override
    public void resetCounter(Attachment attachment, BngCounterType counter) throws BngProgrammableException {
        setup("resetCounter()");
        PiCounterId id = BngCounters.supported(pipeconf.pipelineModel()).get(counter);
        if (id == null) {
            throw new BngProgrammableException("this device's pipeline has no " + counter + " counter");
        }
        reset(List.of(BngCounters.cell(id, lineId(attachment, false))));
    }

    @Override
    public void resetCounters(Attachment attachment) throws BngProgrammableException {
        setup("resetCounters()");
        long lineId = lineId(attachment, false);
        reset(BngCounters.supported(pipeconf.pipelineModel()).values().stream()
                      .map(id -> BngCounters.cell(id, lineId)).collect(Collectors.toList()));
    }

    @Override
    public void resetControlTrafficCounter() throws BngProgrammableException {
        setup("resetControlTrafficCounter()");
        PiCounterId id = BngCounters.supported(pipeconf.pipelineModel()).get(BngCounterType.CONTROL_PLANE);
        if (id == null) {
            throw new BngProgrammableException("this device's pipeline has no control traffic counter");
        }
        reset(List.of(BngCounters.cell(id, BngCounters.NO_LINE)));
    }

    private void setup(String operation) throws BngProgrammableException {
        if (!setupBehaviour(operation)) {
            throw new BngProgrammableException("cannot reach " + handler().data().deviceId()
                                                       + " over P4Runtime for " + operation);
        }
    }

    private BngAttachmentRules rules(Attachment attachment) throws BngProgrammableException {
        BngLinePlace line = place(attachment);
        return new BngAttachmentRules(deviceId, pipeconf.pipelineModel(), line.port, line.bngMac);
    }

    /** Where the attachment's line is on this device (its annotations, or the split half's trunk). */
    private BngLinePlace place(Attachment attachment) throws BngProgrammableException {
        return BngLinePlace.of(pipeconf.pipelineModel(), attachment, () -> {
            Device device = handler().get(DeviceService.class).getDevice(deviceId);
            return device == null ? null : device.annotations();
        });
    }

    /**
     * The attachment's line id on this device: handed out by this controller (BngLineLedger),
     * found in the table that records its lines (the line map where this device writes one for
     * it, else its line-session entries), or (allocate) a free one.
     */
    private int lineId(Attachment attachment, boolean allocate) throws BngProgrammableException {
        LineRef line = lineRef(attachment);
        BngLineLedger ledger = BngLineLedger.of(deviceId);
        if (allocate) {
            return ledger.idFor(line.entries(), line.record, line.port, line.sVid, line.cVid);
        }
        Optional<Integer> known = ledger.known(line.record, line.port, line.sVid, line.cVid);
        if (known.isPresent()) {
            return known.get();
        }
        for (FlowEntry entry : line.entries()) {
            Optional<Integer> id = BngLineIds.find(entry, line.record, line.port, line.sVid, line.cVid);
            if (id.isPresent()) {
                return id.get();
            }
        }
        throw new BngProgrammableException("no line (port " + line.port + ", S-tag " + line.sVid + ", C-tag "
                                                   + line.cVid + ") on " + deviceId + ": set the attachment up first");
    }

    private LineRef lineRef(Attachment attachment) throws BngProgrammableException {
        BngLinePlace line = place(attachment);
        return new LineRef(line.record, line.port, line.sVid, line.cVid);
    }

    /** A line on this device, and the table that records its id. */
    private final class LineRef {
        final BngLineIds.Record record;
        final PortNumber port;
        final int sVid;
        final int cVid;

        LineRef(BngLineIds.Record record, PortNumber port, int sVid, int cVid) {
            this.record = record;
            this.port = port;
            this.sVid = sVid;
            this.cVid = cVid;
        }

        List<FlowEntry> entries() {
            PiTableId table = record == BngLineIds.Record.LINE_MAP
                    ? SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP : SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION;
            Iterable<FlowEntry> entries = handler().get(FlowRuleService.class).getFlowEntries(deviceId);
            return StreamSupport.stream(entries.spliterator(), false)
                    .filter(e -> table.equals(e.table()))
                    .collect(Collectors.toList());
        }
    }

    private Map<BngCounterType, PiCounterCellData> read(long lineId, Map<BngCounterType, PiCounterId> counters)
            throws BngProgrammableException {
        Map<BngCounterType, PiCounterCellData> values = new EnumMap<>(BngCounterType.class);
        if (counters.isEmpty()) {
            return values;
        }
        Map<PiCounterCellId, BngCounterType> cells = counters.entrySet().stream().collect(
                Collectors.toMap(e -> BngCounters.cell(e.getValue(), lineId), Map.Entry::getKey));
        Collection<PiCounterCell> read = client.read(p4DeviceId, pipeconf)
                .handles(cells.keySet().stream().map(cell -> PiCounterCellHandle.of(deviceId, cell))
                                 .collect(Collectors.toList()))
                .submitSync().all(PiCounterCell.class);
        for (PiCounterCell cell : read) {
            BngCounterType type = cells.get(cell.cellId());
            if (type != null) {
                values.put(type, cell.data());
            }
        }
        if (values.size() != cells.size()) {
            throw new BngProgrammableException("read " + values.size() + " of " + cells.size()
                                                       + " counter cells of line " + lineId + " from " + deviceId);
        }
        return values;
    }

    private void reset(List<PiCounterCellId> cells) throws BngProgrammableException {
        if (cells.isEmpty()) {
            return;
        }
        boolean done = client.write(p4DeviceId, pipeconf)
                .modify(cells.stream().map(cell -> new PiCounterCell(cell, 0, 0)).collect(Collectors.toList()))
                .submitSync().isSuccess();
        if (!done) {
            throw new BngProgrammableException("resetting " + cells.size() + " counter cells on " + deviceId
                                                       + " failed");
        }
    }
}
