// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.gtpu;

import org.junit.Test;
import org.sixflow.app.api.GtpuChecksumMode;
import org.sixflow.app.testing.P4Source;

import static org.junit.Assert.assertEquals;

/**
 * The checksum mode codes the controller writes are P4's (GTPU_CHECKSUM_* in
 * p4src/common/define.p4), not copies that could drift.
 */
public class GtpuDefinesTest {

    @Test
    public void checksumModeCodesAreTheDataPlanes() {
        for (GtpuChecksumMode mode : GtpuChecksumMode.values()) {
            assertEquals(mode.name(), P4Source.value("common/define.p4", "GTPU_CHECKSUM_" + mode.name()), mode.code());
        }
    }
}
