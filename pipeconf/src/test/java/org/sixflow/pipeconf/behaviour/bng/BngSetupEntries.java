// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onlab.packet.MacAddress;
import org.onosproject.net.Annotations;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.model.PiPipelineModel;

import java.util.ArrayList;
import java.util.List;

/**
 * For the app's packet-test export (its BngPacketTestEntriesTest): the entries
 * {@link SixflowBngProgrammable#setupAttachment} writes for an active attachment, a whole one
 * or a split's half, built by the same pieces in the same order (the line's port and MAC, its id
 * from the device's ledger, then the line map and the session's entries), without a driver
 * handler.
 */
public final class BngSetupEntries {

    private BngSetupEntries() {
    }

    /**
     * Forgets the line ids handed out on a device, as cleanUp does: an export starts from none.
     *
     * @param device the device
     */
    public static void forgetLines(DeviceId device) {
        BngLineLedger.forget(device);
    }

    /**
     * The entries of an active attachment on a BNG device, as setupAttachment writes them: its
     * line placed by {@link BngLinePlace} (the given port and MAC stand for the device's
     * annotations bngAccessPort and bngMac; a split's forwarding half carries its own), its id
     * from the device's ledger.
     *
     * @param device     the device
     * @param model      its pipeline
     * @param accessPort the line's port (annotation bngAccessPort)
     * @param bngMac     the MAC the BNG answers discovery with (annotation bngMac)
     * @param attachment the attachment
     * @return the entries, in the order they are written
     * @throws BngProgrammableException as setupAttachment would throw it
     */
    public static List<FlowRule> of(DeviceId device, PiPipelineModel model, PortNumber accessPort,
                                    MacAddress bngMac,
                                    Attachment attachment) throws BngProgrammableException {
        Annotations annotations = DefaultAnnotations.builder()
                .set(BngDeviceConfig.ACCESS_PORT, Long.toString(accessPort.toLong()))
                .set(BngDeviceConfig.BNG_MAC, bngMac.toString()).build();
        BngLinePlace line = BngLinePlace.of(model, attachment, () -> annotations);
        BngAttachmentRules rules = new BngAttachmentRules(device, model, line.port, line.bngMac);
        int lineId = BngLineLedger.of(device).idFor(List.of(), line.record, line.port, line.sVid, line.cVid);
        List<FlowRule> entries = new ArrayList<>(rules.lineMap(attachment, lineId));
        entries.addAll(rules.session(attachment, lineId));
        return entries;
    }
}
