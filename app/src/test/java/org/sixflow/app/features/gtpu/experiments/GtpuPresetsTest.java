// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.experiments;

import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCell;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentPreset;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.experiments.LabPresets;
import org.sixflow.app.experiments.ProbeFrames;
import org.sixflow.app.experiments.ProbeReports;
import org.sixflow.app.experiments.ProbeTag;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * draft-murakami's preset is the draft's comparison on the lab: 1492-byte frames at 100 pps and
 * near the lab's capacity, a baseline, three checksum modes and decapsulation, each exercising a
 * tunnel whose addresses fit the msr6-study network. The GTP-U target offers it.
 */
public class GtpuPresetsTest {

    /** The msr6-study network's locators (lab/topologies/msr6-study.json). */
    private static final List<Ip6Prefix> LOCATORS = List.of(
            Ip6Prefix.valueOf("fd00:1:1::/64"), Ip6Prefix.valueOf("fd00:1:2::/64"), Ip6Prefix.valueOf("fd00:1:3::/64"),
            Ip6Prefix.valueOf("fd00:1:4::/64"), Ip6Prefix.valueOf("fd00:1:5::/64"));

    @Test
    public void theTunnelTargetOffersIt() {
        assertEquals(List.of(ExperimentPreset.of(GtpuPresets.MURAKAMI_ORDER, GtpuPresets.murakami())),
                     new GtpuTunnelTarget().presets());
    }

    @Test
    public void murakamiRunsTheDraftsFrameAtTwoLoadPoints() {
        Experiment e = GtpuPresets.murakami();
        assertEquals("GTP-U checksum as in draft-murakami", e.name());
        List<ExperimentCell> cells = e.cells();
        assertEquals(2, cells.size());
        assertEquals(1492, cells.get(0).frameSize());
        assertEquals("100 pps", 10_000_000, cells.get(0).intervalNanos());
        assertEquals("500 pps", 2_000_000, cells.get(1).intervalNanos());
        assertEquals(1492, cells.get(1).frameSize());
    }

    @Test
    public void murakamiComparesTheChecksumModesAndDecapsulationWithIpv6() {
        Experiment e = GtpuPresets.murakami();
        assertEquals(List.of("ipv6", "gtpu-zero", "gtpu-full", "gtpu-incremental", "gtpu-decap"),
                     e.classes().stream().map(ExperimentClass::name).collect(Collectors.toList()));
        assertEquals(List.of(LatencyClass.IPV6, LatencyClass.GTPU_ENCAP_ZERO, LatencyClass.GTPU_ENCAP_FULL,
                             LatencyClass.GTPU_ENCAP_INCREMENTAL, LatencyClass.GTPU_DECAP),
                     e.classes().stream().map(ExperimentClass::latencyClass).collect(Collectors.toList()));
        assertEquals("ipv6", e.baseline().orElseThrow().name());
        for (int i = 1; i <= 3; i++) {
            ExperimentClass c = e.classes().get(i);
            ProbePacket p = c.packet().orElseThrow();
            assertFalse("downlink probes are plain", p.gtpu().isPresent());
            assertTrue(c.name(), GtpuPresets.uePrefix(i).contains(p.destination()));
            assertTrue(c.name() + " names its tunnel in the description",
                       e.description().contains(c.tunnel().orElseThrow() + " (UE prefix " + GtpuPresets.uePrefix(i)));
        }
        ExperimentClass decap = e.classes().get(4);
        ProbePacket.Gtpu gtpu = decap.packet().orElseThrow().gtpu().orElseThrow();
        assertEquals("murakami-zero", decap.tunnel().orElseThrow());
        assertEquals(GtpuPresets.LAB_N3, gtpu.n3Address());
        assertEquals(4097, gtpu.teid());
        assertTrue(e.description().contains("uplink TEID 4097"));
    }

    @Test
    public void murakamisAddressesFitTheLab() {
        assertTrue("the N3 address is beijing's", LOCATORS.get(0).contains(GtpuPresets.LAB_N3));
        assertFalse("and no host's", GtpuPresets.LAB_N3.equals(LabPresets.SOURCE));
        for (int i = 1; i <= 3; i++) {
            Ip6Prefix ue = GtpuPresets.uePrefix(i);
            for (Ip6Prefix locator : LOCATORS) {
                assertFalse(ue + " overlaps " + locator, locator.contains(ue) || ue.contains(locator));
            }
        }
    }

    @Test
    public void murakamisUplinkProbeIsAFullSizeGpduWhoseTagIsRead() {
        Experiment e = GtpuPresets.murakami();
        ProbeTag tag = ProbeTag.of(0, 4, 7);
        byte[] frame = ProbeFrames.build(MacAddress.valueOf("00:aa:00:00:00:02"), MacAddress.valueOf("00:aa:00:00:00:01"),
                                         e.classes().get(4).packet().orElseThrow(), 1492, tag, 1, 0);
        assertEquals(1492, frame.length);
        byte[] report = new byte[42 + 128];
        report[12] = (byte) 0x88;
        report[13] = (byte) 0xb5;
        System.arraycopy(frame, 0, report, 42, 128);
        assertEquals(tag, ProbeReports.tagOf(report).orElseThrow());
    }
}
