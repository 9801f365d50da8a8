// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.junit.Test;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cfg.ConfigProperty;
import org.sixflow.app.api.LatencyClass;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

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

    @Test
    public void mergeKeepsTheOtherClassesRates() {
        assertEquals("ipv6=0,apn6-insert=0", SamplingControl.merge("off",
                                                                   EnumSet.of(LatencyClass.IPV6, LatencyClass.APN6_INSERT)));
        assertEquals("ipv6=3,msr6-decap=0", SamplingControl.merge("ipv6=3", EnumSet.of(LatencyClass.MSR6_DECAP)));
        assertEquals("off", SamplingControl.merge("off", EnumSet.noneOf(LatencyClass.class)));
        assertEquals("a bad value counts as none", "ipv6=0", SamplingControl.merge("bogus=", EnumSet.of(LatencyClass.IPV6)));
    }

    @Test
    public void runsShareTheSamplingAndTheLastRestoresIt() {
        value = "ipv6=4";
        SamplingControl control = control();
        assertEquals("ipv6=4", control.acquire(1, EnumSet.of(LatencyClass.APN6_INSERT))[0]);
        control.acquire(2, EnumSet.of(LatencyClass.MSR6_TE_ENCAP));
        assertEquals("ipv6=4,apn6-insert=0,msr6-te-encap=0", value);
        control.release(1);
        assertEquals("ipv6=4,msr6-te-encap=0", value);
        control.restoreOrphaned("10");
        assertEquals("a run here still holds it", "ipv6=4,msr6-te-encap=0", value);
        control.release(2);
        assertEquals("ipv6=4", value);
        control.release(2);
        assertEquals("releasing twice changes nothing", 4, set.size());
    }

    @Test
    public void withoutAValueTheDefaultIsWhatComesBack() {
        SamplingControl control = control();
        assertEquals("10", control.current());
        control.acquire(1, EnumSet.of(LatencyClass.IPV6));
        control.release(1);
        assertEquals("10", value);
    }
}
