// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.encoding;

import org.junit.Test;
import org.sixflow.app.api.Msr6Mode;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The MSR6 values the encoder shares with the data plane are P4's, not copies that could drift:
 * they are read here from p4src/common/define.p4.
 */
public class P4DefinesTest {

    private static final File DEFINE = new File("../pipeconf/p4src/common/define.p4");

    private static long defined(String name) throws Exception {
        String text = new String(Files.readAllBytes(DEFINE.toPath()), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("(?m)^(?:#define\\s+" + name + "\\s+|const\\s+bit<\\d+>\\s+" + name
                                            + "\\s*=\\s*)(0x[0-9a-fA-F]+|\\d+)").matcher(text);
        assertTrue(name + " not found in " + DEFINE, m.find());
        String value = m.group(1);
        return value.startsWith("0x") ? Long.parseLong(value.substring(2), 16) : Long.parseLong(value);
    }

    @Test
    public void maxMsidsMatchesTheParser() throws Exception {
        assertEquals(defined("MAX_MSIDS"), MrhEncoder.MAX_MSIDS);
    }

    @Test
    public void mrhTypesMatchTheDataPlane() throws Exception {
        assertEquals(defined("MRH_TYPE_TE"), Msr6Mode.TE.mrhType());
        assertEquals(defined("MRH_TYPE_TE_RLB"), Msr6Mode.RLB.mrhType());
    }
}
