// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.Notification;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.Path;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.PathElem;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.TypedValue;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.Update;

import java.time.Instant;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.telemetry.gnmi.FakeGnmiTarget.countersOf;
import static org.sixflow.app.telemetry.gnmi.FakeGnmiTarget.jsonIetf;
import static org.sixflow.app.telemetry.gnmi.FakeGnmiTarget.leaf;
import static org.sixflow.app.telemetry.gnmi.FakeGnmiTarget.uint;

/**
 * Readings put together from the shapes targets send: leaves in one notification, a JSON
 * container, leaves spread over notifications, bad and missing values.
 */
public class CounterAssemblerTest {

    private static final DeviceId LEAF1 = DeviceId.deviceId("device:leaf1");
    private static final Instant NOW = Instant.parse("2026-11-22T16:00:00Z");
    private static final long T1 = 1_795_000_000_000_000_000L;

    private final CounterAssembler assembler = new CounterAssembler(LEAF1, () -> NOW);

    @Test
    public void leavesOfOneNotificationMakeOneReading() {
        assertTrue(assembler.add(Notification.newBuilder().setTimestamp(T1).setPrefix(countersOf("eth1"))
                                         .addUpdate(leaf("in-unicast-pkts", uint(90)))
                                         .addUpdate(leaf("in-multicast-pkts", uint(7)))
                                         .addUpdate(leaf("in-broadcast-pkts", uint(3)))
                                         .addUpdate(leaf("out-pkts", uint(55)))
                                         .addUpdate(leaf("out-unicast-pkts", uint(1)))
                                         .addUpdate(leaf("in-octets", uint(10_000)))
                                         .addUpdate(leaf("out-errors", uint(2)))
                                         .build()).isEmpty());
        List<PortCounters> readings = assembler.drain();
        assertEquals(1, readings.size());
        PortCounters c = readings.get(0);
        assertEquals("eth1", c.port());
        assertEquals(Instant.ofEpochSecond(0, T1), c.time());
        assertEquals(Long.valueOf(100), c.inPackets());     // unicast + multicast + broadcast
        assertEquals(Long.valueOf(55), c.outPackets());     // out-pkts wins over the parts
        assertEquals(Long.valueOf(10_000), c.inOctets());
        assertEquals(Long.valueOf(2), c.outErrors());
        assertNull("not reported", c.outOctets());
        assertTrue(assembler.drain().isEmpty());
    }

    @Test
    public void aJsonContainerWithModuleNamesCounts() {
        assembler.add(Notification.newBuilder().setTimestamp(T1).addUpdate(Update.newBuilder()
                .setPath(countersOf("eth2")).setVal(jsonIetf("{\"openconfig-interfaces:in-octets\": \"1200\", "
                        + "\"in-pkts\": 12, \"out-octets\": \"nope\", \"carrier\": {\"x\": 1}}"))).build());
        PortCounters c = assembler.drain().get(0);
        assertEquals(Long.valueOf(1_200), c.inOctets());
        assertEquals(Long.valueOf(12), c.inPackets());
        assertNull(c.outOctets());
        assertEquals(1, assembler.badValues());
    }

    @Test
    public void leavesSpreadOverNotificationsJoinUntilTheNextTimestamp() {
        Path.Builder full = countersOf("eth3").addElem(PathElem.newBuilder().setName("in-octets"));
        assembler.add(Notification.newBuilder().setTimestamp(T1)
                              .addUpdate(Update.newBuilder().setPath(full).setVal(uint(5))).build());
        assembler.add(Notification.newBuilder().setTimestamp(T1).setPrefix(countersOf("eth3"))
                              .addUpdate(leaf("out-octets", uint(6))).build());
        List<PortCounters> done = assembler.add(Notification.newBuilder().setTimestamp(T1 + 1)
                                                        .setPrefix(countersOf("eth3"))
                                                        .addUpdate(leaf("in-octets", uint(7))).build());
        assertEquals(1, done.size());
        assertEquals(Long.valueOf(5), done.get(0).inOctets());
        assertEquals(Long.valueOf(6), done.get(0).outOctets());
        assertEquals(Long.valueOf(7), assembler.drain().get(0).inOctets());
    }

    @Test
    public void leavesStampedOneByOneStillMakeOneReadingPerSample() {
        long t = T1;
        for (int sample = 1; sample <= 2; sample++) {
            for (String leaf : new String[]{"in-pkts", "out-pkts", "in-octets"}) {
                t += 1_000;   // each leaf read a microsecond after the previous one
                List<PortCounters> done = assembler.add(Notification.newBuilder().setTimestamp(t)
                                                                .setPrefix(countersOf("eth5"))
                                                                .addUpdate(leaf(leaf, uint(sample * 10L)))
                                                                .build());
                assertEquals(sample == 2 && leaf.equals("in-pkts") ? 1 : 0, done.size());
                if (!done.isEmpty()) {
                    assertEquals(Long.valueOf(10), done.get(0).inPackets());
                    assertEquals(Long.valueOf(10), done.get(0).outPackets());
                    assertEquals(Long.valueOf(10), done.get(0).inOctets());
                    assertEquals(Instant.ofEpochSecond(0, T1 + 1_000), done.get(0).time());
                }
            }
        }
        assertEquals(Long.valueOf(20), assembler.drain().get(0).inOctets());
    }

    @Test
    public void badMissingAndForeignValuesAreSkippedNotFatal() {
        assembler.add(Notification.newBuilder().setPrefix(countersOf("eth4"))   // no timestamp: controller time
                              .addUpdate(leaf("in-octets", TypedValue.newBuilder().setStringVal("many").build()))
                              .addUpdate(Update.newBuilder().setPath(Path.newBuilder().addElem(
                                      PathElem.newBuilder().setName("out-octets"))))        // no value
                              .addUpdate(leaf("in-errors", TypedValue.newBuilder().setIntVal(-1).build()))
                              .addUpdate(leaf("in-discards", uint(4)))
                              .build());
        assembler.add(Notification.newBuilder().setTimestamp(T1).setPrefix(Path.newBuilder()
                .addElem(PathElem.newBuilder().setName("system"))).addUpdate(leaf("uptime", uint(1))).build());
        assembler.add(Notification.newBuilder().setTimestamp(T1).setPrefix(countersOf("*"))
                              .addUpdate(leaf("in-octets", uint(1))).build());
        List<PortCounters> readings = assembler.drain();
        assertEquals(1, readings.size());
        PortCounters c = readings.get(0);
        assertEquals(NOW, c.time());
        assertNull(c.inOctets());
        assertNull(c.outOctets());
        assertNull(c.inErrors());
        assertEquals(Long.valueOf(4), c.inDiscards());
        assertNull(c.inPackets());
        assertEquals(3, assembler.badValues());
    }
}
