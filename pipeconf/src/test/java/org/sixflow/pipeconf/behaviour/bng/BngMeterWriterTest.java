// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable.Attachment;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.DefaultBand;
import org.onosproject.net.meter.DefaultMeterRequest;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterScope;
import org.onosproject.net.pi.runtime.PiMeterCellId;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_METER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_METER;
import static org.sixflow.pipeconf.behaviour.bng.BngAttachmentRulesTest.model;

/**
 * The meter cells a device ends up with through ONOS's meter service, as SixflowBngProgrammable
 * writes them: on a single BNG both of a metered line's cells, in a split the upstream cell on
 * the access switch and the downstream one on the forwarding switch; reset at the end; a line
 * going unmetered loses its cell's meter; unmetered lines never touch the service; a refused
 * index names ONOS's property.
 */
public class BngMeterWriterTest {

    private static final DeviceId BNG = DeviceId.deviceId("device:bng");
    private static final DeviceId ACCESS = DeviceId.deviceId("device:bng-access");
    private static final DeviceId FORWARD = DeviceId.deviceId("device:bng-forward");
    private static final MacAddress ACCESS_MAC = MacAddress.valueOf("00:aa:00:00:0b:01");
    private static final BngLineRate UP = new BngLineRate(64_000, 3_044, 128_000, 3_044);
    private static final BngLineRate DOWN = new BngLineRate(1_250_000, 15_000, 2_500_000, 30_000);
    private static final String UP_METER = SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_METER.id();
    private static final String DOWN_METER = SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_METER.id();

    private RecordingMeterService meters;

    @Before
    public void setUp() {
        meters = new RecordingMeterService();
    }

    private static TestAttachment metered() {
        return TestAttachment.pppoe(100, 7, "2001:db8:1:1::10", 0x1a2b).metered(UP, DOWN);
    }

    private void write(DeviceId device, String profile, Attachment attachment, int lineId) throws Exception {
        new BngMeterWriter(meters, device).write(TestAttachment.APP,
                                                 BngLineMeters.cells(model(profile), attachment, lineId));
    }

    private void reset(DeviceId device, String profile, Attachment attachment, int lineId) {
        new BngMeterWriter(meters, device).reset(TestAttachment.APP,
                                                 BngLineMeters.cells(model(profile), attachment, lineId));
    }

    @Test
    public void aSingleBngHoldsBothCellsOfTheLineUntilItsEnd() throws Exception {
        write(BNG, "bng", metered(), 9);
        assertEquals(List.of(UP_METER + "[9]", DOWN_METER + "[9]"), meters.cells(BNG));
        Meter up = meters.getMeter(BNG, PiMeterCellId.ofIndirect(SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_METER, 9));
        assertEquals(Meter.Unit.BYTES_PER_SEC, up.unit());
        assertTrue(up.bands().stream().anyMatch(b -> b.type() == Band.Type.MARK_YELLOW && b.rate() == 64_000));
        assertTrue(up.bands().stream().anyMatch(b -> b.type() == Band.Type.MARK_RED && b.rate() == 128_000));

        reset(BNG, "bng", metered(), 9);
        assertTrue("unmetered again: a reused line id inherits nothing", meters.cells(BNG).isEmpty());
        assertEquals(2, meters.withdrawn.size());
    }

    @Test
    public void aSplitWritesEachDirectionOnTheDeviceOfItsHalf() throws Exception {
        SplitHalf access = new SplitHalf(metered(), BngSplitAttachment.Half.ACCESS, PortNumber.portNumber(3),
                                         ACCESS_MAC);
        SplitHalf forward = new SplitHalf(metered(), BngSplitAttachment.Half.FORWARD, PortNumber.portNumber(1),
                                          ACCESS_MAC);
        write(ACCESS, "bng-access", access, 4);
        write(FORWARD, "bng-forward", forward, 6);
        assertEquals(List.of(UP_METER + "[4]"), meters.cells(ACCESS));
        assertEquals(List.of(DOWN_METER + "[6]"), meters.cells(FORWARD));

        reset(ACCESS, "bng-access", access, 4);
        reset(FORWARD, "bng-forward", forward, 6);
        assertTrue(meters.cells(ACCESS).isEmpty());
        assertTrue(meters.cells(FORWARD).isEmpty());
    }

    @Test
    public void aLineGoingUnmeteredLosesItsCellsMeter() throws Exception {
        write(BNG, "bng", metered(), 9);
        TestAttachment upOnly = TestAttachment.pppoe(100, 7, "2001:db8:1:1::10", 0x1a2b).metered(UP, null);
        write(BNG, "bng", upOnly, 9);
        assertEquals(List.of(UP_METER + "[9]"), meters.cells(BNG));
    }

    @Test
    public void unmeteredLinesNeverTouchTheMeterService() throws Exception {
        meters.userDefinedIndex = false;
        TestAttachment plain = TestAttachment.pppoe(100, 7, "2001:db8:1:1::10", 0x1a2b);
        write(BNG, "bng", plain, 9);
        reset(BNG, "bng", plain, 9);
        assertTrue(meters.submitted.isEmpty());
        assertTrue(meters.withdrawn.isEmpty());
    }

    @Test
    public void aRefusedIndexNamesOnosProperty() {
        meters.userDefinedIndex = false;
        try {
            write(BNG, "bng", metered(), 9);
            fail("written");
        } catch (Exception e) {
            assertTrue(e instanceof BngProgrammableException);
            assertTrue(e.getMessage(), e.getMessage().contains(BngMeterWriter.USER_DEFINED_INDEX + " true"));
            assertTrue(e.getMessage(), e.getMessage().contains("[9]"));
        }
    }

    @Test
    public void anIndexOutsideOnosMeterFeaturesSaysSo() {
        meters.invalidIndex = true;
        try {
            write(BNG, "bng", metered(), 9);
            fail("written");
        } catch (Exception e) {
            assertTrue(e.getMessage(), e.getMessage().contains("Meter index is not valid"));
            assertTrue(e.getMessage(), e.getMessage().contains("no meter features"));
        }
    }

    @Test
    public void cleanUpResetsOnlyTheAppsBngCells() throws Exception {
        write(BNG, "bng", metered(), 9);
        // Another app's meter in the same scope, and this app's meter of another P4 meter.
        meters.submit(DefaultMeterRequest.builder().forDevice(BNG).fromApp(new DefaultApplicationId(8, "other"))
                              .withUnit(Meter.Unit.BYTES_PER_SEC).withScope(MeterScope.of(UP_METER)).withIndex(3L)
                              .withBands(List.of(DefaultBand.builder().ofType(Band.Type.MARK_RED).withRate(1)
                                                         .burstSize(1).build())).add());
        meters.submit(DefaultMeterRequest.builder().forDevice(BNG).fromApp(TestAttachment.APP)
                              .withUnit(Meter.Unit.BYTES_PER_SEC).withScope(MeterScope.of("SixflowIngress.acl_meter"))
                              .withIndex(1L)
                              .withBands(List.of(DefaultBand.builder().ofType(Band.Type.MARK_RED).withRate(1)
                                                         .burstSize(1).build())).add());
        new BngMeterWriter(meters, BNG).resetAll(TestAttachment.APP);
        assertEquals(List.of(UP_METER + "[3]", "SixflowIngress.acl_meter[1]"), meters.cells(BNG));
    }
}
