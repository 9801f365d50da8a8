// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Line ids after a restart, from the device's entries alone: a line keeps the id its line map
 * entry has, a new line gets the lowest free one, and the device's line map full of ids is refused.
 */
public class BngLineIdsTest {

    private static final PortNumber PORT = PortNumber.portNumber(1);
    private static final BngAttachmentRules RULES = new BngAttachmentRules(
            DeviceId.deviceId("device:bng1"), BundledPipeconfs.bmv2("bng").pipelineModel(), PORT,
            org.onlab.packet.MacAddress.valueOf("00:aa:00:00:00:01"));

    private static FlowRule line(int sVid, int cVid, int lineId) throws BngProgrammableException {
        return RULES.lineMap(TestAttachment.pppoe(sVid, cVid, "100.64.0.1", 1), lineId).get(0);
    }

    /** The id a controller that has handed out none yet (just restarted) gives a line. */
    private static int idFor(List<FlowRule> lineMap, PortNumber port, int sVid, int cVid)
            throws BngProgrammableException {
        DeviceId device = DeviceId.deviceId("device:ids");
        try {
            return BngLineLedger.of(device).idFor(lineMap, BngLineIds.Record.LINE_MAP, port, sVid, cVid);
        } finally {
            BngLineLedger.forget(device);
        }
    }

    @Test
    public void aLineKeepsItsIdAndANewOneTakesTheLowestFree() throws Exception {
        List<FlowRule> lineMap = List.of(line(100, 7, 1), line(100, 8, 2), line(100, 9, 4));
        assertEquals(2, idFor(lineMap, PORT, 100, 8));
        assertEquals(4, idFor(lineMap, PORT, 100, 9));
        assertEquals(3, idFor(lineMap, PORT, 100, 10));
        // Another port is another line.
        assertEquals(3, idFor(lineMap, PortNumber.portNumber(2), 100, 7));
        assertEquals(1, idFor(List.of(), PORT, 0, 33));
        assertEquals(Optional.of(2), BngLineIds.of(line(100, 8, 2), PORT, 100, 8));
        assertEquals(Optional.empty(), BngLineIds.of(line(100, 8, 2), PORT, 100, 7));
    }

    @Test
    public void aFullLineMapIsRefused() throws Exception {
        List<FlowRule> lineMap = new ArrayList<>();
        for (int id = 1; id <= P4Defines.BNG_LINES; id++) {
            lineMap.add(line(id / 4000 + 1, id % 4000 + 1, id));
        }
        try {
            idFor(lineMap, PORT, 3000, 3000);
            fail("allocated past " + P4Defines.BNG_LINES + " lines");
        } catch (BngProgrammableException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(String.valueOf(P4Defines.BNG_LINES)));
        }
        // The lines it has still have their ids.
        assertEquals(P4Defines.BNG_LINES, idFor(lineMap, PORT, P4Defines.BNG_LINES / 4000 + 1,
                                                           P4Defines.BNG_LINES % 4000 + 1));
    }
}
