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
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** The GTP-U extension-header bounds are the P4 sources' values, per target. */
public class GtpuExtensionLimitsTest {

    private static Optional<Integer> defined(String file) throws Exception {
        String text = new String(Files.readAllBytes(new File(PipeconfPaths.P4SRC, file).toPath()),
                                 StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("(?m)^#define GTPU_EXT_MAX_UNITS (\\d+)").matcher(text);
        return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    @Test
    public void bmv2KeepsTheDefault() throws Exception {
        assertFalse(defined("v1model/define_v1model.p4").isPresent());
        assertEquals(defined("common/define.p4").orElseThrow(), Integer.valueOf(GtpuExtensionLimits.BMV2));
        assertEquals(P4Defines.GTPU_EXT_MAX_UNITS, GtpuExtensionLimits.BMV2);
    }

    @Test
    public void tofinoSetsItsOwn() throws Exception {
        assertEquals(defined("tna/define_tna.p4").orElseThrow(), Integer.valueOf(GtpuExtensionLimits.TOFINO));
    }

    @Test
    public void onlySixflowPipeconfsHaveABound() {
        assertEquals(Optional.of(4), GtpuExtensionLimits.of(SixflowPipeconfs.CORE_TOFINO));
        assertEquals(Optional.of(8), GtpuExtensionLimits.of(SixflowPipeconfs.FULL_BMV2));
        assertTrue(GtpuExtensionLimits.of(new PiPipeconfId("org.example.other")).isEmpty());
    }
}
