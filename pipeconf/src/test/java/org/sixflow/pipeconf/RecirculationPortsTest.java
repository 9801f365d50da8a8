// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.junit.Test;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.pipeconf.codegen.PipeconfPaths;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** The recirculation ports are the P4 sources' values, per target. */
public class RecirculationPortsTest {

    private static final Pattern DEFINE = Pattern.compile("(?m)^#define RECIRC_PORT (\\d+)");

    private static int defined(String arch) throws Exception {
        File file = new File(PipeconfPaths.P4SRC, arch + "/define_" + arch + ".p4");
        Matcher matcher = DEFINE.matcher(new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8));
        assertTrue("no RECIRC_PORT in " + file, matcher.find());
        return Integer.parseInt(matcher.group(1));
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
