// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import org.junit.Test;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.group.GroupDescription;
import org.sixflow.pipeconf.CloneSessions;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The telemetry clone session: to the controller, truncating clones where the target takes it
 * (Tofino: the mirror header and 128 bytes of the packet), not where it refuses (bmv2).
 */
public class ReportRulesTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:leaf1");

    private static List<Instruction> bucket(int truncate) {
        GroupDescription session = ReportRules.cloneSession(DEVICE, TestApplicationId.create("org.sixflow.app"),
                                                            truncate);
        assertEquals(GroupDescription.Type.CLONE, session.type());
        assertEquals(Integer.valueOf(CloneSessions.TELEMETRY), session.givenGroupId());
        return session.buckets().buckets().get(0).treatment().allInstructions();
    }

    @Test
    public void tofinoSessionsKeepWhatAReportCarries() {
        List<Instruction> tofino = bucket(CloneSessions.telemetryTruncate(SixflowPipeconfs.CORE_TOFINO).orElseThrow());
        assertEquals(PortNumber.CONTROLLER, ((Instructions.OutputInstruction) tofino.get(0)).port());
        assertTrue(tofino.toString(), tofino.stream().anyMatch(i -> i instanceof Instructions.TruncateInstruction
                && ((Instructions.TruncateInstruction) i).maxLen() == 156));
    }

    @Test
    public void bmv2SessionsTruncateNothing() {
        List<Instruction> bmv2 = bucket(CloneSessions.telemetryTruncate(SixflowPipeconfs.FULL_BMV2).orElseThrow());
        assertEquals(1, bmv2.size());
        assertEquals(PortNumber.CONTROLLER, ((Instructions.OutputInstruction) bmv2.get(0)).port());
    }
}
