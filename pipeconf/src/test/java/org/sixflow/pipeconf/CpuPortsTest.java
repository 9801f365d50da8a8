// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.junit.Test;
import org.sixflow.pipeconf.codegen.PipeconfPaths;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * CPU ports are the one P4 value P4Info lacks: hold the Java copies to the P4 sources.
 */
public class CpuPortsTest {

    private static final Pattern DEFINE = Pattern.compile("(?m)^#define CPU_PORT (\\d+)");

    private static int defined(String arch) throws Exception {
        File file = new File(PipeconfPaths.P4SRC, arch + "/define_" + arch + ".p4");
        Matcher matcher = DEFINE.matcher(new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8));
        assertTrue("no CPU_PORT in " + file, matcher.find());
        return Integer.parseInt(matcher.group(1));
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
