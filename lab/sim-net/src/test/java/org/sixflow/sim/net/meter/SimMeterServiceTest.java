// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.meter;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.Band;
import org.onosproject.net.meter.DefaultBand;
import org.onosproject.net.meter.DefaultMeterRequest;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterContext;
import org.onosproject.net.meter.MeterEvent;
import org.onosproject.net.meter.MeterId;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterScope;
import org.onosproject.net.meter.MeterState;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.runtime.PiMeterCellId;
import org.sixflow.sim.net.EventRecorder;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestCoreService;
import org.sixflow.sim.net.device.DeviceSpec;
import org.sixflow.sim.net.pipeconf.TestPipeconf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Tests the meter service: cells named as MeterManager names them, within the meter features of
 * the device's pipeline, confirmed at once on a connected switch, pending on a disconnected one.
 */
public class SimMeterServiceTest {

    private static final DeviceId BNG = DeviceId.deviceId("device:bng");
    private static final PiMeterId UPSTREAM = PiMeterId.of("SixflowIngress.bng_upstream.bng_upstream_meter");
    private static final PiMeterId OTHER = PiMeterId.of("SixflowIngress.other_meter");
    private static final ApplicationId APP = new DefaultApplicationId(7, "org.sixflow.app");
    private static final ApplicationId OTHER_APP = new DefaultApplicationId(8, "org.sixflow.other");

    private SimNetwork network;
    private SimMeterService meters;
    private final EventRecorder<MeterEvent> recorder = new EventRecorder<>();
    private final List<MeterRequest> confirmed = new ArrayList<>();

    @Before
    public void setUp() {
        network = new SimNetwork(new TestCoreService());
        PiPipeconfId pipeconf = new PiPipeconfId("org.sixflow.bng.bmv2");
        network.pipeconfService().register(new TestPipeconf(pipeconf, Map.of(), Map.of(UPSTREAM, 8L, OTHER, 2L)));
        network.pipeconfService().bindToDevice(pipeconf, BNG);
        network.addDevice(DeviceSpec.builder(BNG).ports(2).build());
        meters = network.meterService();
        meters.addListener(recorder::event);
    }

    @After
    public void tearDown() {
        network.close();
    }

    private MeterRequest.Builder request(PiMeterId meter, ApplicationId app) {
        Band band = DefaultBand.builder().ofType(Band.Type.MARK_YELLOW).withRate(1000).burstSize(1500).build();
        return DefaultMeterRequest.builder().forDevice(BNG).fromApp(app).withUnit(Meter.Unit.BYTES_PER_SEC)
                .withBands(List.of(band)).withScope(MeterScope.of(meter.id())).withContext(new MeterContext() {
                    @Override
                    public void onSuccess(MeterRequest op) {
                        confirmed.add(op);
                    }
                });
    }

    @Test
    public void userDefinedIndexesWriteTheirCellAtOnce() {
        try {
            meters.submit(request(UPSTREAM, APP).withIndex(3L).add());
            fail("an index needs userDefinedIndex, as in ONOS");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("userDefinedIndex"));
        }
        assertTrue(meters.setUserDefinedIndex(true));
        MeterRequest add = request(UPSTREAM, APP).withIndex(3L).add();
        Meter submitted = meters.submit(add);
        assertEquals(MeterState.PENDING_ADD, submitted.state());
        PiMeterCellId cell = PiMeterCellId.ofIndirect(UPSTREAM, 3);
        assertEquals(cell, submitted.meterCellId());
        Meter stored = meters.getMeter(BNG, cell);
        assertEquals(MeterState.ADDED, stored.state());
        assertEquals(1000, stored.bands().iterator().next().rate());
        assertEquals(List.of(add), confirmed);
        meters.withdraw(request(UPSTREAM, APP).withIndex(3L).remove(), cell);
        assertNull(meters.getMeter(BNG, cell));
        network.awaitEvents();
        assertEquals(List.of(MeterEvent.Type.METER_ADD_REQ, MeterEvent.Type.METER_ADDED,
                             MeterEvent.Type.METER_REM_REQ, MeterEvent.Type.METER_REMOVED), recorder.types());
    }

    @Test
    public void cellsOutsideTheDevicesMeterFeaturesAreRefused() {
        meters.setUserDefinedIndex(true);
        for (MeterRequest refused : List.of(request(UPSTREAM, APP).withIndex(8L).add(),
                                            request(PiMeterId.of("SixflowIngress.none"), APP).withIndex(0L).add(),
                                            request(UPSTREAM, APP).withIndex(1L)
                                                    .withScope(MeterScope.globalScope()).add())) {
            try {
                meters.submit(refused);
                fail("refused as ONOS's store refuses it: " + refused);
            } catch (IllegalArgumentException e) {
                assertEquals("Meter index is not valid", e.getMessage());
            }
        }
        assertTrue(meters.getAllMeters().isEmpty());
    }

    @Test
    public void withoutUserDefinedIndexesTheLowestFreeCellIsTaken() {
        assertEquals(PiMeterCellId.ofIndirect(OTHER, 0), meters.submit(request(OTHER, APP).add()).meterCellId());
        assertEquals(PiMeterCellId.ofIndirect(OTHER, 1), meters.submit(request(OTHER, APP).add()).meterCellId());
        try {
            meters.submit(request(OTHER, APP).add());
            fail("the meter has two cells");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("No free meter index"));
        }
        assertFalse("the mode does not change once meters exist", meters.setUserDefinedIndex(true));
        assertEquals(2, meters.getMeters(BNG, MeterScope.of(OTHER.id())).size());
        assertTrue(meters.getMeters(BNG, MeterScope.of(UPSTREAM.id())).isEmpty());
    }

    @Test
    public void aDisconnectedSwitchConfirmsWhenItReconnects() {
        meters.setUserDefinedIndex(true);
        network.setDeviceAvailable(BNG, false);
        PiMeterCellId cell = PiMeterCellId.ofIndirect(UPSTREAM, 1);
        meters.submit(request(UPSTREAM, APP).withIndex(1L).add());
        assertEquals(MeterState.PENDING_ADD, meters.getMeter(BNG, cell).state());
        assertTrue(confirmed.isEmpty());
        network.setDeviceAvailable(BNG, true);
        assertEquals(MeterState.ADDED, meters.getMeter(BNG, cell).state());
        assertEquals(1, confirmed.size());
        network.setDeviceAvailable(BNG, false);
        meters.withdraw(request(UPSTREAM, APP).withIndex(1L).remove(), cell);
        assertEquals(MeterState.PENDING_REMOVE, meters.getMeter(BNG, cell).state());
        network.setDeviceAvailable(BNG, true);
        assertNull(meters.getMeter(BNG, cell));
    }

    @Test
    public void purgingDropsAnAppsMetersOnly() {
        meters.setUserDefinedIndex(true);
        meters.submit(request(UPSTREAM, APP).withIndex(1L).add());
        meters.submit(request(UPSTREAM, OTHER_APP).withIndex(2L).add());
        meters.purgeMeters(BNG, APP);
        assertEquals(List.of(PiMeterCellId.ofIndirect(UPSTREAM, 2)),
                     List.of(meters.getMeters(BNG).iterator().next().meterCellId()));
        meters.purgeMeters(BNG);
        assertTrue(meters.getMeters(BNG).isEmpty());
        try {
            meters.allocateMeterId(BNG);
            fail("not simulated");
        } catch (UnsupportedOperationException e) {
            assertTrue(e.getMessage().contains("not simulated"));
        }
        assertNull(meters.getMeter(BNG, MeterId.meterId(1)));
    }
}
