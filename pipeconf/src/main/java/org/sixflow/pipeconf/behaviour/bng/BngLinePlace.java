// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onlab.packet.MacAddress;
import org.onosproject.net.Annotations;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.pi.model.PiPipelineModel;

import java.util.function.Supplier;

import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP;

/**
 * Where an attachment's line is on a device: the port it is behind and the MAC its subscriber
 * knows (for the forwarding half of a split, the trunk and the access switch's MAC the half
 * carries, so that device needs no BNG annotations; otherwise the device's annotations), its
 * tags, and the table that records its id (the line map where the device writes one for it, else
 * the line's session).
 */
final class BngLinePlace {

    final PortNumber port;
    final MacAddress bngMac;
    final BngLineIds.Record record;
    final int sVid;
    final int cVid;

    private BngLinePlace(PortNumber port, MacAddress bngMac, BngLineIds.Record record, int sVid, int cVid) {
        this.port = port;
        this.bngMac = bngMac;
        this.record = record;
        this.sVid = sVid;
        this.cVid = cVid;
    }

    /**
     * Places an attachment's line on a device.
     *
     * @param model       the device's pipeline
     * @param attachment  the attachment
     * @param annotations the device's annotations, asked only for a line that is not a forwarding half
     * @return where its line is
     * @throws BngProgrammableException naming what is missing or wrong
     */
    static BngLinePlace of(PiPipelineModel model, Attachment attachment, Supplier<Annotations> annotations)
            throws BngProgrammableException {
        boolean access = BngAttachmentRules.writes(attachment, BngSplitAttachment.Half.ACCESS);
        PortNumber port;
        MacAddress mac;
        if (!access) {
            BngSplitAttachment half = (BngSplitAttachment) attachment;
            if (half.trunkPort() == null || half.bngMac() == null) {
                throw new BngProgrammableException("the forwarding half of a split attachment needs the trunk"
                                                           + " port and the access switch's BNG MAC");
            }
            port = half.trunkPort();
            mac = half.bngMac();
        } else {
            BngDeviceConfig config = BngDeviceConfig.of(annotations.get());
            port = config.accessPort;
            mac = config.bngMac;
        }
        boolean lineMap = access && model.table(SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP).isPresent();
        return new BngLinePlace(port, mac, lineMap ? BngLineIds.Record.LINE_MAP : BngLineIds.Record.LINE_SESSION,
                                BngAttachmentRules.vid(attachment.sTag(), "S-tag"),
                                BngAttachmentRules.vid(attachment.cTag(), "C-tag"));
    }
}
