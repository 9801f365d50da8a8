// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyClass;

import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The reportSampling property: its three forms, masks, and errors that name what is wrong.
 */
public class ReportSamplingTest {

    @Test
    public void offSamplesNothing() {
        assertTrue(ReportSampling.parse(" OFF ").shifts().isEmpty());
        assertEquals("off", ReportSampling.parse("off").toString());
    }

    @Test
    public void aNumberSamplesEveryClass() {
        Map<LatencyClass, Integer> shifts = ReportSampling.parse("10").shifts();
        assertEquals(LatencyClass.values().length, shifts.size());
        assertTrue(shifts.values().stream().allMatch(k -> k == 10));
    }

    @Test
    public void classesByLabelOrCode() {
        ReportSampling sampling = ReportSampling.parse("ipv6=0, 5=3");
        assertEquals(Map.of(LatencyClass.IPV6, 0, LatencyClass.MSR6_REPLICATE, 3), sampling.shifts());
        assertEquals("ipv6=0,msr6-replicate=3", sampling.toString());
        assertEquals(sampling, ReportSampling.parse(sampling.toString()));
    }

    @Test
    public void atLeastTightensOneClassOnOneDeviceOnly() {
        DeviceId beijing = DeviceId.deviceId("device:beijing");
        DeviceId nanjing = DeviceId.deviceId("device:nanjing");
        ReportSampling every10 = ReportSampling.parse("10");
        ReportSampling tight = every10.atLeast(beijing, LatencyClass.IPV6, 6);
        assertEquals(6, (int) tight.shiftsAt(beijing).get(LatencyClass.IPV6));
        assertEquals(10, (int) tight.shiftsAt(beijing).get(LatencyClass.APN6_INSERT));
        assertEquals(10, (int) tight.shiftsAt(nanjing).get(LatencyClass.IPV6));
        assertEquals(tight, ReportSampling.parse(tight.toString()));
        // Already as often or more: the same sampling.
        assertSame(tight, tight.atLeast(beijing, LatencyClass.IPV6, 8));
        ReportSampling off = ReportSampling.parse("off");
        assertEquals(Map.of(LatencyClass.IPV6, 6), off.atLeast(beijing, LatencyClass.IPV6, 6).shiftsAt(beijing));
        assertTrue(off.atLeast(beijing, LatencyClass.IPV6, 6).shiftsAt(nanjing).isEmpty());
        ReportSampling own = ReportSampling.parse("ipv6=10,apn6-insert=0@device:beijing");
        assertEquals(Map.of(LatencyClass.IPV6, 6, LatencyClass.APN6_INSERT, 0),
                     own.atLeast(beijing, LatencyClass.IPV6, 6).deviceShifts().get(beijing));
    }

    @Test
    public void aPartForOneDeviceWinsThereOverThePartForEvery() {
        DeviceId beijing = DeviceId.deviceId("device:beijing");
        ReportSampling sampling = ReportSampling.parse("ipv6=10, ipv6=0@device:beijing, apn6-insert=0@device:beijing");
        assertEquals(Map.of(LatencyClass.IPV6, 10), sampling.shifts());
        assertEquals(Map.of(LatencyClass.IPV6, 0, LatencyClass.APN6_INSERT, 0), sampling.shiftsAt(beijing));
        assertEquals(Map.of(LatencyClass.IPV6, 10), sampling.shiftsAt(DeviceId.deviceId("device:wuhan")));
        assertEquals("ipv6=10,ipv6=0@device:beijing,apn6-insert=0@device:beijing", sampling.toString());
        assertEquals(sampling, ReportSampling.parse(sampling.toString()));
        assertEquals("off", ReportSampling.parse("off").toString());
        assertEquals("a device part alone", Map.of(LatencyClass.MSR6_DECAP, 3),
                     ReportSampling.parse("msr6-decap=3@device:nanjing").shiftsAt(DeviceId.deviceId("device:nanjing")));
    }

    @Test
    public void masksAreTwoToTheKMinusOne() {
        assertEquals(0, ReportSampling.mask(0));
        assertEquals(1023, ReportSampling.mask(10));
        assertEquals(0x7fff_ffffL, ReportSampling.mask(31));
    }

    @Test
    public void errorsNameThePart() {
        assertRejected("", "reportSampling is empty; use off, k (1 in 2^k of every class) or class=k,...");
        assertRejected("32", "sampling exponent 32 outside 0..31");
        assertRejected("often", "sampling exponent \"often\" is not a number 0..31");
        assertRejected("ipv6", "sampling exponent \"ipv6\" is not a number 0..31");
        assertRejected("ipv6=1,ipv6=2", "class ipv6 appears twice in reportSampling");
        assertRejected("ipv6=1,apn6", "\"apn6\" in reportSampling is not class=k");
        assertRejected("ipv6=1@", "\"ipv6=1@\" in reportSampling names no device after @");
        assertRejected("ipv6=1@a@b", "\"ipv6=1@a@b\" in reportSampling is not class=k@device");
        assertRejected("ipv6=1@device:x,ipv6=2@device:x", "class ipv6 appears twice for device:x in reportSampling");
        assertRejected("ipv6=x@device:x", "sampling exponent \"x\" is not a number 0..31");
        assertRejected("gtpu=1", "unknown latency class 'gtpu'; one of ipv6, apn6-insert, apn6-transit, "
                + "msr6-te-encap, msr6-rlb-encap, msr6-replicate, msr6-decap, gtpu-encap-zero, gtpu-encap-full, "
                + "gtpu-encap-incremental, gtpu-decap");
    }

    private static void assertRejected(String text, String message) {
        try {
            ReportSampling.parse(text);
            fail("accepted " + text);
        } catch (IllegalArgumentException e) {
            assertEquals(message, e.getMessage());
        }
    }
}
