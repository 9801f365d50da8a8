// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import org.junit.Test;
import org.sixflow.app.features.gtpu.api.GtpuChecksumMode;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.packet.gtpu.GtpuHeader;
import org.sixflow.app.testing.P4Source;

import static org.junit.Assert.assertEquals;

/**
 * The checksum mode codes the controller writes and the GTP-U values it reads and builds are
 * P4's (p4src/common/define.p4), not copies that could drift.
 */
public class GtpuDefinesTest {

    @Test
    public void checksumModeCodesAreTheDataPlanes() {
        for (GtpuChecksumMode mode : GtpuChecksumMode.values()) {
            assertEquals(mode.name(), P4Source.value("common/define.p4", "GTPU_CHECKSUM_" + mode.name()), mode.code());
        }
    }

    @Test
    public void protocolValuesAreTheDataPlanes() {
        assertEquals(P4Source.value("common/define.p4", "GTPU_UDP_PORT"), GtpuTunnel.UDP_PORT);
        assertEquals(P4Source.value("common/define.p4", "GTPU_VERSION"), GtpuHeader.VERSION);
        assertEquals(P4Source.value("common/define.p4", "GTPU_MSG_ECHO_REQUEST"), GtpuHeader.ECHO_REQUEST);
        assertEquals(P4Source.value("common/define.p4", "GTPU_MSG_GPDU"), GtpuHeader.G_PDU);
        assertEquals(P4Source.value("common/define.p4", "GTPU_MSG_ERROR_INDICATION"), GtpuHeader.ERROR_INDICATION);
        assertEquals(P4Source.value("common/define.p4", "GTPU_MSG_END_MARKER"), GtpuHeader.END_MARKER);
        assertEquals(P4Source.value("common/define.p4", "GTPU_MSG_SUPPORTED_EXT_HEADERS"),
                     GtpuHeader.SUPPORTED_EXTENSION_HEADERS_NOTIFICATION);
        assertEquals(P4Source.value("common/define.p4", "GTPU_HEADER_BYTES"), GtpuHeader.MANDATORY_BYTES);
        assertEquals(P4Source.value("common/define.p4", "GTPU_OPTIONS_BYTES"), GtpuHeader.OPTIONAL_BYTES);
    }
}
