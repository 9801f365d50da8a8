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

/**
 * The egress M-SID limits are the P4 sources' values: MAX_MSIDS where the target leaves
 * EGRESS_MAX_MSIDS to its default (bmv2), the target's own definition otherwise (Tofino).
 */
public class EgressMsidLimitsTest {

    private static Optional<Integer> defined(String file, String name) throws Exception {
        String text = new String(Files.readAllBytes(new File(PipeconfPaths.P4SRC, file).toPath()),
                                 StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("(?m)^#define " + name + " (\\d+)").matcher(text);
        return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    @Test
    public void bmv2ReadsTheWholeList() throws Exception {
        assertFalse("bmv2 keeps the default", defined("v1model/define_v1model.p4", "EGRESS_MAX_MSIDS").isPresent());
        assertEquals(defined("common/define.p4", "MAX_MSIDS").orElseThrow(), Integer.valueOf(EgressMsidLimits.BMV2));
    }

    @Test
    public void tofinoReadsWhatItsEgressParserReaches() throws Exception {
        assertEquals(defined("tna/define_tna.p4", "EGRESS_MAX_MSIDS").orElseThrow(),
                     Integer.valueOf(EgressMsidLimits.TOFINO));
    }

    @Test
    public void onlySixflowPipeconfsHaveALimit() {
        assertEquals(Optional.of(3), EgressMsidLimits.of(SixflowPipeconfs.CORE_TOFINO));
        assertEquals(Optional.of(8), EgressMsidLimits.of(SixflowPipeconfs.FULL_BMV2));
        assertTrue(EgressMsidLimits.of(new PiPipeconfId("org.example.other")).isEmpty());
    }
}
