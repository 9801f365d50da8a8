// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.junit.Test;
import org.onosproject.net.pi.model.DefaultPiPipeconf;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.OptionalInt;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Capabilities come from the profile (features), the target (limits, units) and the pipeconf's
 * own P4Info model (tables).
 */
public class PipeconfCapabilitiesTest {

    private static PipeconfCapabilities of(PiPipeconf pipeconf) {
        return PipeconfCapabilities.of(pipeconf).orElseThrow();
    }

    @Test
    public void theFullBmv2ProfileHasEverything() {
        PipeconfCapabilities full = of(BundledPipeconfs.bmv2());
        assertEquals("full", full.profile().name());
        assertEquals(PipeconfTarget.BMV2, full.target());
        assertEquals(SixflowPipeconfs.FULL_BMV2, full.pipeconfId());
        // Every feature but the BNG's, which no other feature is built with (profile bng).
        for (Feature feature : Feature.values()) {
            // NPTv6 and ILNP are a site border's features and the BNG a subscriber edge's: profiles of their own.
            boolean own = feature == Feature.NPTV6 || feature == Feature.ILNP
                    || feature == Feature.BNG_ACCESS || feature == Feature.BNG_FORWARD;
            assertEquals(feature.toString(), !own, full.has(feature));
        }
        PipeconfCapabilities bng = of(BundledPipeconfs.bmv2("bng"));
        assertTrue(bng.has(Feature.BNG_ACCESS) && bng.has(Feature.BNG_FORWARD) && !bng.has(Feature.GTPU));
        assertTrue(bng.hasTable(P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP));
        assertTrue(full.hasTable(P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP));
        assertEquals(8, full.maxMsids());
        assertEquals(8, full.egressMaxMsids());
        assertEquals(GtpuExtensionLimits.BMV2, full.gtpuExtensionUnits());
        assertEquals(CloneSessions.BMV2_TELEMETRY_TRUNCATE, full.telemetryTruncate());
        assertEquals(TimestampUnits.BMV2_NANOS_PER_TICK, full.nanosPerTick());
        assertEquals(OptionalInt.of(RecirculationPorts.BMV2), full.recirculationPort());
    }

    @Test
    public void theGtpuProfileHasNoMsr6AndNoApn6() {
        PipeconfCapabilities gtpu = of(BundledPipeconfs.bmv2("gtpu"));
        assertEquals(Set.of(Feature.GTPU), gtpu.profile().features());
        assertFalse(gtpu.has(Feature.MSR6));
        assertFalse(gtpu.has(Feature.APN6));
        assertFalse(gtpu.hasTable(P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP));
        assertFalse(gtpu.hasTable(P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER));
        assertTrue(gtpu.hasTable(P4InfoConstants.SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP));
        assertTrue(gtpu.hasTable(P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6));
        assertEquals("no M-SID is parsed", 0, gtpu.maxMsids());
        assertEquals(0, gtpu.egressMaxMsids());
        assertEquals(8, gtpu.gtpuExtensionUnits());
    }

    @Test
    public void theCoreProfileHasNoGtpu() {
        PipeconfCapabilities core = of(BundledPipeconfs.bmv2("core"));
        assertTrue(core.has(Feature.APN6));
        assertTrue(core.has(Feature.MSR6));
        assertFalse(core.has(Feature.GTPU));
        assertFalse(core.hasTable(P4InfoConstants.SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP));
        assertEquals("no G-PDU is parsed", 0, core.gtpuExtensionUnits());
        assertEquals("nothing goes round", OptionalInt.empty(), core.recirculationPort());
    }

    @Test
    public void tofinoLimitsAndUnitsAreTofinos() {
        PipeconfCapabilities tofino = of(BundledPipeconfs.tofino());
        assertEquals(PipeconfTarget.TOFINO, tofino.target());
        assertEquals(8, tofino.maxMsids());
        assertEquals(EgressMsidLimits.TOFINO, tofino.egressMaxMsids());
        assertEquals(CloneSessions.TOFINO_TELEMETRY_TRUNCATE, tofino.telemetryTruncate());
        assertEquals(TimestampUnits.TOFINO_NANOS_PER_TICK, tofino.nanosPerTick());
        assertEquals("Tofino walks fewer G-PDU extension units than bmv2", 4,
                     of(BundledPipeconfs.tofino("gtpu")).gtpuExtensionUnits());
        assertEquals(OptionalInt.of(RecirculationPorts.TOFINO), of(BundledPipeconfs.tofino("gtpu")).recirculationPort());
        assertEquals(OptionalInt.empty(), tofino.recirculationPort());
    }

    @Test
    public void anotherPipeconfHasNone() {
        PiPipeconf other = DefaultPiPipeconf.builder().withId(new PiPipeconfId("org.example.other"))
                .withPipelineModel(BundledPipeconfs.bmv2().pipelineModel()).build();
        assertTrue(PipeconfCapabilities.of(other).isEmpty());
    }
}
