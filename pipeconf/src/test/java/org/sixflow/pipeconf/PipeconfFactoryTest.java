// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.junit.Test;
import org.onosproject.net.behaviour.BngProgrammable;
import org.onosproject.net.behaviour.Pipeliner;
import org.onosproject.net.device.PortStatisticsDiscovery;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.sixflow.pipeconf.behaviour.Bmv2Interpreter;
import org.sixflow.pipeconf.behaviour.PortCounterStatistics;
import org.sixflow.pipeconf.behaviour.TofinoInterpreter;
import org.sixflow.pipeconf.behaviour.bng.SixflowBngProgrammable;
import org.sixflow.pipeconf.pipeliner.SixflowPipeliner;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The behaviours each pipeconf carries: ONOS looks the Pipeliner up on the pipeconf, and
 * without it no packet request (LLDP, ARP, NDP) is installed.
 */
public class PipeconfFactoryTest {

    @Test
    public void bothPipeconfsCarryTheirInterpreterAndThePipeliner() throws Exception {
        PiPipeconf bmv2 = BundledPipeconfs.bmv2();
        PiPipeconf tofino = BundledPipeconfs.tofino();
        assertEquals(Optional.of(Bmv2Interpreter.class), bmv2.implementation(PiPipelineInterpreter.class));
        assertEquals(Optional.of(TofinoInterpreter.class), tofino.implementation(PiPipelineInterpreter.class));
        for (PiPipeconf pipeconf : new PiPipeconf[]{bmv2, tofino}) {
            assertTrue(pipeconf.id() + " has a Pipeliner", pipeconf.hasBehaviour(Pipeliner.class));
            assertEquals(Optional.of(SixflowPipeliner.class), pipeconf.implementation(Pipeliner.class));
        }
        // ONOS's driver framework creates behaviours through their public no-argument constructor.
        assertTrue(SixflowPipeliner.class.getConstructor().newInstance() instanceof Pipeliner);
    }

    @Test
    public void pipeconfsWithABngCarryBngProgrammable() throws Exception {
        for (String profile : new String[]{"bng", "bng-access", "bng-forward"}) {
            PiPipeconf pipeconf = BundledPipeconfs.bmv2(profile);
            assertEquals(profile, Optional.of(SixflowBngProgrammable.class),
                         pipeconf.implementation(BngProgrammable.class));
        }
        for (String profile : new String[]{"full", "core", "gtpu"}) {
            assertFalse(profile, BundledPipeconfs.bmv2(profile).hasBehaviour(BngProgrammable.class));
        }
        assertFalse(BundledPipeconfs.tofino().hasBehaviour(BngProgrammable.class));
        assertTrue(SixflowBngProgrammable.class.getConstructor().newInstance() instanceof BngProgrammable);
    }

    @Test
    public void everyBmv2PipeconfCountsItsPortsForOnosAndNoTofinoOneDoes() throws Exception {
        for (PipeconfProfile p : PipeconfProfiles.all()) {
            String profile = p.name();
            if (p.targets().contains(PipeconfTarget.BMV2)) {
                assertEquals(profile, Optional.of(PortCounterStatistics.class),
                             BundledPipeconfs.bmv2(profile).implementation(PortStatisticsDiscovery.class));
            }
            if (p.targets().contains(PipeconfTarget.TOFINO)) {
                // Stratum's driver reads a Tofino's ports over gNMI; the TNA program has no port counters.
                assertFalse(profile, BundledPipeconfs.tofino(profile).hasBehaviour(PortStatisticsDiscovery.class));
            }
        }
        assertTrue(PortCounterStatistics.class.getConstructor().newInstance() instanceof PortStatisticsDiscovery);
    }
}
