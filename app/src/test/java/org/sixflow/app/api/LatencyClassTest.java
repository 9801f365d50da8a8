// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.junit.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * The Java latency classes are define.p4's CLASS_* constants, one for one.
 */
public class LatencyClassTest {

    private static final File DEFINE = new File("../pipeconf/p4src/common/define.p4");

    private static Map<String, Integer> p4Classes() throws Exception {
        String text = new String(Files.readAllBytes(DEFINE.toPath()), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("(?m)^const\\s+lat_class_t\\s+CLASS_(\\w+)\\s*=\\s*(\\d+)\\s*;").matcher(text);
        Map<String, Integer> classes = new HashMap<>();
        while (m.find()) {
            classes.put(m.group(1), Integer.parseInt(m.group(2)));
        }
        return classes;
    }

    @Test
    public void everyP4ClassHasTheSameCodeInJava() throws Exception {
        Map<String, Integer> p4 = p4Classes();
        assertEquals("class count", p4.size(), LatencyClass.values().length);
        for (LatencyClass c : LatencyClass.values()) {
            assertTrue(c + " missing in define.p4", p4.containsKey(c.name()));
            assertEquals(c.name(), (int) p4.get(c.name()), c.code());
        }
    }

    @Test
    public void parsesLabelsAndCodes() {
        assertEquals(LatencyClass.APN6_INSERT, LatencyClass.parse("apn6-insert"));
        assertEquals(LatencyClass.APN6_INSERT, LatencyClass.parse(" APN6-Insert "));
        assertEquals(LatencyClass.MSR6_DECAP, LatencyClass.parse("6"));
        assertEquals(LatencyClass.IPV6, LatencyClass.ofCode(0));
        assertEquals(LatencyClass.GTPU_ENCAP_INCREMENTAL, LatencyClass.parse("gtpu-encap-incremental"));
        assertEquals(LatencyClass.GTPU_DECAP, LatencyClass.ofCode(10));
    }

    @Test
    public void rejectsUnknownClassesNamingTheLabels() {
        assertRejected(() -> LatencyClass.parse("gtp"), "apn6-insert");
        assertRejected(() -> LatencyClass.parse("15"), "code 15");
        assertRejected(() -> LatencyClass.parse(""), "missing");
        assertRejected(() -> LatencyClass.parse(null), "missing");
    }
}
