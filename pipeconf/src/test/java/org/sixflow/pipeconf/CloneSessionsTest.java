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

/**
 * Clone session ids are not in P4Info: hold the Java copy to the P4 source.
 */
public class CloneSessionsTest {

    private static int defined(String arch) throws Exception {
        return defined(arch, "TELEMETRY_CLONE_SESSION");
    }

    private static int defined(String arch, String name) throws Exception {
        File file = new File(PipeconfPaths.P4SRC, arch + "/define_" + arch + ".p4");
        Matcher matcher = Pattern.compile("(?m)^#define " + name + " (\\d+)")
                .matcher(new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8));
        assertTrue("no " + name + " in " + file, matcher.find());
        return Integer.parseInt(matcher.group(1));
    }

    @Test
    public void telemetryTruncationMatchesEachTarget() throws Exception {
        assertEquals(Optional.of(defined("v1model", "TELEMETRY_SESSION_TRUNCATE_BYTES")),
                     CloneSessions.telemetryTruncate(SixflowPipeconfs.FULL_BMV2));
        assertEquals(Optional.of(defined("tna", "TELEMETRY_SESSION_TRUNCATE_BYTES")),
                     CloneSessions.telemetryTruncate(SixflowPipeconfs.CORE_TOFINO));
        assertEquals(Optional.empty(), CloneSessions.telemetryTruncate(new PiPipeconfId("org.example.other")));
    }

    @Test
    public void telemetrySessionMatchesV1model() throws Exception {
        assertEquals(defined("v1model"), CloneSessions.TELEMETRY);
    }

    @Test
    public void telemetrySessionMatchesTna() throws Exception {
        assertEquals(defined("tna"), CloneSessions.TELEMETRY);
    }

    @Test
    public void tooBigSessionIsTofinosOwn() throws Exception {
        assertEquals(Optional.of(defined("tna", "TOO_BIG_CLONE_SESSION")),
                     CloneSessions.tooBigSession(SixflowPipeconfs.CORE_TOFINO));
        assertEquals(Optional.empty(), CloneSessions.tooBigSession(SixflowPipeconfs.FULL_BMV2));
        assertEquals(Optional.empty(), CloneSessions.tooBigSession(new PiPipeconfId("org.example.other")));
        assertTrue(GroupIds.isCloneSession(CloneSessions.TOFINO_TOO_BIG));
    }
}
