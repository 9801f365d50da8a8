// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.junit.Test;
import org.sixflow.pipeconf.testing.TargetDefines;

import static org.junit.Assert.assertEquals;

/**
 * CPU ports are not in P4Info: hold the Java copies to the P4 sources.
 */
public class CpuPortsTest {

    private static int defined(String arch) throws Exception {
        return TargetDefines.value(arch, "CPU_PORT");
    }

    @Test
    public void bmv2CpuPortMatchesP4() throws Exception {
        assertEquals(defined("v1model"), CpuPorts.BMV2);
    }

    @Test
    public void tofinoCpuPortMatchesP4() throws Exception {
        assertEquals(defined("tna"), CpuPorts.TOFINO);
    }
}
