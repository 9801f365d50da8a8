// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.junit.Test;
import org.sixflow.app.api.codegen.LatencyClassGenerator;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * The Java latency classes are define.p4's CLASS_* constants, one for one.
 */
public class LatencyClassTest {

    private static final File DEFINE = new File("../pipeconf/p4src/common/define.p4");
    private static final File JAVA = new File("src/main/java/org/sixflow/app/api/LatencyClass.java");
    private static final File TYPESCRIPT = new File("../web/src/app/core/latency-classes.ts");

    private static String read(File file) throws Exception {
        return new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8);
    }

    @Test
    public void theCommittedClassesAreWhatTheGeneratorMakesOfDefineP4() throws Exception {
        String define = read(DEFINE);
        assertEquals("LatencyClass.java is stale: run `make constants`", LatencyClassGenerator.java(define), read(JAVA));
        assertEquals("latency-classes.ts is stale: run `make constants`", LatencyClassGenerator.typescript(define),
                     read(TYPESCRIPT));
    }

    @Test
    public void everyP4ClassHasTheSameCodeInJava() throws Exception {
        Map<String, Integer> p4 = LatencyClassGenerator.classes(read(DEFINE));
        assertEquals("class count", p4.size(), LatencyClass.values().length);
        assertTrue("IPv6, the baseline, is a class", p4.containsKey("IPV6"));
        for (LatencyClass c : LatencyClass.values()) {
            assertTrue(c + " missing in define.p4", p4.containsKey(c.name()));
            assertEquals(c.name(), (int) p4.get(c.name()), c.code());
            assertEquals(LatencyClassGenerator.label(c.name()), c.label());
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
