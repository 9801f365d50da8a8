// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.junit.Test;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.pipeconf.testing.TargetDefines;

import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** The recirculation ports are the P4 sources' values, per target. */
public class RecirculationPortsTest {

    private static int defined(String arch) throws Exception {
        return TargetDefines.value(arch, "RECIRC_PORT");
    }

    @Test
    public void bmv2PortMatchesP4() throws Exception {
        assertEquals(defined("v1model"), RecirculationPorts.BMV2);
    }

    @Test
    public void tofinoPortMatchesP4() throws Exception {
        assertEquals(defined("tna"), RecirculationPorts.TOFINO);
    }

    @Test
    public void onlySixflowPipeconfsHaveOne() {
        assertEquals(Optional.of(510), RecirculationPorts.of(SixflowPipeconfs.FULL_BMV2));
        assertEquals(Optional.of(68), RecirculationPorts.of(SixflowPipeconfs.CORE_TOFINO));
        assertTrue(RecirculationPorts.of(new PiPipeconfId("org.example.other")).isEmpty());
    }
}
