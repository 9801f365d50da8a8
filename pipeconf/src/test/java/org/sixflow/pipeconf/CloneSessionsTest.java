// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.junit.Test;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.pipeconf.testing.TargetDefines;

import java.util.Optional;

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
        return TargetDefines.value(arch, name);
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
