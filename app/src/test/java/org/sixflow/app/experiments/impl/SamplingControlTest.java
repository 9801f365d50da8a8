// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.junit.Test;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cfg.ConfigProperty;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.telemetry.report.ReportSampling;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;

/**
 * Runs report every packet of their classes through the collector's reportSampling, keeping the
 * other classes' rates, and the last run to end puts back what the first found.
 */
public class SamplingControlTest {

    private final List<String> set = new ArrayList<>();
    private String value;

    private SamplingControl control() {
        return new SamplingControl(new ComponentConfigAdapter() {
            @Override
            public void setProperty(String component, String name, String v) {
                assertEquals(SamplingControl.COMPONENT, component);
                assertEquals("reportSampling", name);
                value = v;
                set.add(v);
            }

            @Override
            public ConfigProperty getProperty(String component, String name) {
                return value == null ? null : ConfigProperty.defineProperty(name, ConfigProperty.Type.STRING, value, "");
            }
        });
    }

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final DeviceId WUHAN = DeviceId.deviceId("device:wuhan");
    private static final Set<LatencyClass> NONE = EnumSet.noneOf(LatencyClass.class);

    @Test
    public void mergeKeepsTheOtherClassesRates() {
        assertEquals("ipv6=0,apn6-insert=0", SamplingControl.merge("off", Map.of(),
                                                                   EnumSet.of(LatencyClass.IPV6, LatencyClass.APN6_INSERT)));
        assertEquals("ipv6=3,msr6-decap=0", SamplingControl.merge("ipv6=3", Map.of(), EnumSet.of(LatencyClass.MSR6_DECAP)));
        assertEquals("off", SamplingControl.merge("off", Map.of(), NONE));
        assertEquals("a bad value counts as none", "ipv6=0",
                     SamplingControl.merge("bogus=", Map.of(), EnumSet.of(LatencyClass.IPV6)));
    }

    @Test
    public void measuredClassesAreReportedInFullAtTheirIngressDeviceOnly() {
        // The base rate stays for every other device: one in 1,024 IPv6 packets elsewhere.
        assertEquals("ipv6=10,msr6-replicate=0,ipv6=0@device:beijing",
                     SamplingControl.merge("ipv6=10", Map.of(BEIJING, EnumSet.of(LatencyClass.IPV6)),
                                           EnumSet.of(LatencyClass.MSR6_REPLICATE)));
        assertEquals("a class in full everywhere needs no part of its own at a device", "ipv6=0",
                     SamplingControl.merge("ipv6=0", Map.of(BEIJING, EnumSet.of(LatencyClass.IPV6)), NONE));
        assertEquals("a device part of the base that would sample less goes when a run wants the class everywhere",
                     "ipv6=0", SamplingControl.merge("ipv6=0@device:wuhan,ipv6=3@device:beijing", Map.of(),
                                                     EnumSet.of(LatencyClass.IPV6)));
        ReportSampling merged = ReportSampling.parse(SamplingControl.merge(
                "10", Map.of(BEIJING, EnumSet.of(LatencyClass.IPV6, LatencyClass.APN6_INSERT)), NONE));
        assertEquals(0, (int) merged.shiftsAt(BEIJING).get(LatencyClass.APN6_INSERT));
        assertEquals(0, (int) merged.shiftsAt(BEIJING).get(LatencyClass.IPV6));
        assertEquals(10, (int) merged.shiftsAt(WUHAN).get(LatencyClass.IPV6));
        assertEquals(10, (int) merged.shiftsAt(WUHAN).get(LatencyClass.MSR6_DECAP));
    }

    @Test
    public void runsShareTheSamplingAndTheLastRestoresIt() {
        value = "ipv6=4";
        SamplingControl control = control();
        assertEquals("ipv6=4", control.acquire(1, BEIJING, EnumSet.of(LatencyClass.APN6_INSERT),
                                               EnumSet.of(LatencyClass.APN6_TRANSIT))[0]);
        control.acquire(2, WUHAN, EnumSet.of(LatencyClass.MSR6_TE_ENCAP, LatencyClass.IPV6), NONE);
        assertEquals("ipv6=4,apn6-transit=0,apn6-insert=0@device:beijing,ipv6=0@device:wuhan,"
                             + "msr6-te-encap=0@device:wuhan", value);
        control.release(1);
        assertEquals("ipv6=4,ipv6=0@device:wuhan,msr6-te-encap=0@device:wuhan", value);
        control.restoreOrphaned("10");
        assertEquals("a run here still holds it", "ipv6=4,ipv6=0@device:wuhan,msr6-te-encap=0@device:wuhan", value);
        control.release(2);
        assertEquals("ipv6=4", value);
        control.release(2);
        assertEquals("releasing twice changes nothing", 4, set.size());
    }

    @Test
    public void withoutAValueTheDefaultIsWhatComesBack() {
        SamplingControl control = control();
        assertEquals("10", control.current());
        control.acquire(1, BEIJING, EnumSet.of(LatencyClass.IPV6), NONE);
        control.release(1);
        assertEquals("10", value);
    }
}
