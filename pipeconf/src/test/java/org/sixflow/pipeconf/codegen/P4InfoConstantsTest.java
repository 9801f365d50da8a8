// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.codegen;

import org.junit.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import static org.junit.Assert.assertEquals;

/**
 * The committed P4InfoConstants.java must be what the generator makes of the committed P4Info.
 */
public class P4InfoConstantsTest {

    @Test
    public void committedConstantsMatchP4Info() throws Exception {
        String expected = P4InfoConstantsGenerator.generate(
                P4InfoConstantsGenerator.parse(PipeconfPaths.CONSTANTS_SOURCES),
                P4InfoConstantsGenerator.sourceNames(PipeconfPaths.CONSTANTS_SOURCES));
        String committed = new String(Files.readAllBytes(PipeconfPaths.CONSTANTS_JAVA.toPath()),
                                      StandardCharsets.UTF_8);
        assertEquals("P4InfoConstants.java is stale: run `make constants`", expected, committed);
    }

    @Test
    public void committedPythonNamesMatchP4Info() throws Exception {
        String expected = P4InfoConstantsGenerator.generatePython(
                P4InfoConstantsGenerator.parse(PipeconfPaths.CONSTANTS_SOURCES),
                P4InfoConstantsGenerator.sourceNames(PipeconfPaths.CONSTANTS_SOURCES));
        String committed = new String(Files.readAllBytes(PipeconfPaths.CONSTANTS_PYTHON.toPath()),
                                      StandardCharsets.UTF_8);
        assertEquals("ptf/lib/p4info_names.py is stale: run `make constants`", expected, committed);
    }

    @Test
    public void constantNamesAreUpperSnakeCase() {
        assertEquals("SIXFLOW_INGRESS_ROUTING_ROUTING_V6",
                     P4InfoConstantsGenerator.constantName("SixflowIngress.routing.routing_v6"));
        assertEquals("IPV6_DST", P4InfoConstantsGenerator.constantName("ipv6_dst"));
        assertEquals("DROP_COUNTER", P4InfoConstantsGenerator.constantName("drop_counter"));
    }
}
