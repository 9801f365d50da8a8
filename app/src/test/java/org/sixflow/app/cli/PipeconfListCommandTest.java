// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.cli;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.PipeconfInfo;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Text output of sixflow:pipeconfs.
 */
public class PipeconfListCommandTest {

    @Test
    public void saysSoWhenNothingIsRegistered() {
        assertEquals(List.of("No pipeconfs registered"), PipeconfListCommand.lines(List.of()));
    }

    @Test
    public void oneLinePerPipeconfWithTargetAndDevices() {
        PipeconfInfo bmv2 = PipeconfInfo.of(BundledPipeconfs.bmv2(), Set.of(DeviceId.deviceId("device:beijing")));
        List<String> lines = PipeconfListCommand.lines(List.of(bmv2));
        assertEquals(1, lines.size());
        String line = lines.get(0);
        assertTrue(line, line.startsWith("id=org.sixflow.full.bmv2, target=bmv2, architecture=v1model, tables="));
        assertTrue(line, line.endsWith("devices=[device:beijing]"));
    }
}
