// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onosproject.net.Annotations;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.pipeconf.behaviour.bng.BngAttachmentRulesTest.model;

/**
 * Where SixflowBngProgrammable puts an attachment's line: a whole attachment or an access half on
 * the device's annotations, recorded in the line map; a forwarding half on the trunk and MAC it
 * carries, recorded in the line's session, without asking the annotations.
 */
public class BngLinePlaceTest {

    private static final MacAddress BNG_MAC = MacAddress.valueOf("00:aa:00:00:0b:01");
    private static final Annotations ANNOTATIONS = DefaultAnnotations.builder()
            .set(BngDeviceConfig.ACCESS_PORT, "1").set(BngDeviceConfig.BNG_MAC, BNG_MAC.toString()).build();
    private static final TestAttachment WHOLE = TestAttachment.pppoe(100, 7, "2001:db8:1:1::10", 0x1a2b);

    @Test
    public void aWholeAttachmentIsOnTheAnnotatedPortInTheLineMap() throws Exception {
        BngLinePlace line = BngLinePlace.of(model("bng"), WHOLE, () -> ANNOTATIONS);
        assertEquals(PortNumber.portNumber(1), line.port);
        assertEquals(BNG_MAC, line.bngMac);
        assertEquals(BngLineIds.Record.LINE_MAP, line.record);
        assertEquals(100, line.sVid);
        assertEquals(7, line.cVid);
    }

    @Test
    public void anAccessHalfIsOnTheAnnotatedPortInTheLineMap() throws Exception {
        SplitHalf half = new SplitHalf(WHOLE, BngSplitAttachment.Half.ACCESS, PortNumber.portNumber(3), BNG_MAC);
        BngLinePlace line = BngLinePlace.of(model("bng-access"), half, () -> ANNOTATIONS);
        assertEquals(PortNumber.portNumber(1), line.port);
        assertEquals(BngLineIds.Record.LINE_MAP, line.record);
    }

    @Test
    public void aForwardingHalfIsOnItsTrunkInTheLineSessionWithoutAnnotations() throws Exception {
        MacAddress accessMac = MacAddress.valueOf("00:aa:00:00:0b:09");
        SplitHalf half = new SplitHalf(WHOLE, BngSplitAttachment.Half.FORWARD, PortNumber.portNumber(2), accessMac);
        BngLinePlace line = BngLinePlace.of(model("bng-forward"), half, () -> {
            throw new AssertionError("a forwarding half needs no annotations");
        });
        assertEquals(PortNumber.portNumber(2), line.port);
        assertEquals(accessMac, line.bngMac);
        assertEquals(BngLineIds.Record.LINE_SESSION, line.record);
    }

    @Test
    public void aForwardingHalfWithoutItsTrunkOrAnUnannotatedDeviceIsRefusedSayingWhy() {
        SplitHalf half = new SplitHalf(WHOLE, BngSplitAttachment.Half.FORWARD, null, null);
        try {
            BngLinePlace.of(model("bng-forward"), half, () -> ANNOTATIONS);
            fail("placed");
        } catch (BngProgrammableException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("trunk port"));
        }
        try {
            BngLinePlace.of(model("bng"), WHOLE, () -> null);
            fail("placed");
        } catch (BngProgrammableException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(BngDeviceConfig.ACCESS_PORT));
        }
    }
}
