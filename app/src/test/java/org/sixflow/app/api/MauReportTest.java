// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.junit.Test;
import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * A MAU report sums its stages into totals and insists on every stage of the pipe, in order.
 */
public class MauReportTest {

    private static final PiPipeconfId TOFINO = new PiPipeconfId("org.sixflow.core.tofino");

    private static MauStage stage(int number, int sram, int tables) {
        return MauStage.of(number, List.of(MauResource.of(MauResourceType.SRAM, sram, 80),
                                           MauResource.of(MauResourceType.LOGICAL_TABLES, tables, 16)));
    }

    @Test
    public void totalsSumEveryStage() {
        MauReport report = MauReport.of(TOFINO, "bf-p4c 9.13.4", 3, List.of(stage(0, 10, 2), stage(1, 5, 1),
                                                                             stage(2, 0, 0)));
        assertEquals(List.of(MauResource.of(MauResourceType.SRAM, 15, 240),
                             MauResource.of(MauResourceType.LOGICAL_TABLES, 3, 48)), report.totals());
        assertEquals(2, report.stagesUsed());
        assertEquals(MauResource.of(MauResourceType.SRAM, 5, 80),
                     report.stages().get(1).resource(MauResourceType.SRAM).get());
    }

    @Test
    public void refusesMissingOrMisplacedStages() {
        assertRejected(() -> MauReport.of(TOFINO, "c", 3, List.of(stage(0, 1, 1), stage(1, 1, 1))),
                       "2 stages listed for a 3-stage pipe");
        assertRejected(() -> MauReport.of(TOFINO, "c", 2, List.of(stage(1, 1, 1), stage(0, 1, 1))),
                       "stage 1 listed in place 0");
        assertRejected(() -> MauStage.of(0, List.of(MauResource.of(MauResourceType.TCAM, 1, 24),
                                                    MauResource.of(MauResourceType.TCAM, 2, 24))),
                       "lists a resource twice");
        assertRejected(() -> MauResource.of(MauResourceType.TCAM, -1, 24), "negative use");
    }
}
