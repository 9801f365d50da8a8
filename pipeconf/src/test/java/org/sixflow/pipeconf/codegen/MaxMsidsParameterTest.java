// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.codegen;


import org.junit.Test;
import org.sixflow.pipeconf.PipeconfProfiles;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeTrue;

/**
 * MAX_MSIDS is a parameter of the P4 build, not the shape of the code: the bmv2 program compiles
 * with 4 and with 8 M-SIDs, and what it compiles to follows (parser states per count, the M-SID
 * stack, the second half of the encapsulation's SID tables). Skipped where p4c-bm2-ss is missing.
 */
public class MaxMsidsParameterTest {

    private static final File MAIN = new File(PipeconfPaths.P4SRC, "v1model/main.p4");

    @Test
    public void compilesWithFourMsids() throws Exception {
        Compiled four = compile(4);
        assertEquals(4, four.countStates());
        assertEquals(4, four.stackSize());
        assertFalse("no second SID table below 5 M-SIDs", four.p4Info.contains("msr6_encap_sids_hi"));
        assertTrue(four.p4Info.contains("msr6_encap_sids_lo"));
    }

    @Test
    public void compilesWithEightMsids() throws Exception {
        Compiled eight = compile(8);
        assertEquals(8, eight.countStates());
        assertEquals(8, eight.stackSize());
        assertTrue(eight.p4Info.contains("msr6_encap_sids_hi"));
    }

    @Test
    public void refusesMoreThanTheSidTablesHold() throws Exception {
        assumeTrue("p4c-bm2-ss not on PATH", onPath("p4c-bm2-ss"));
        Path out = Files.createTempDirectory("max-msids-9");
        try {
            assertTrue("MAX_MSIDS 9 must not compile", run(out, 9) != 0);
        } finally {
            delete(out);
        }
    }

    /** What one build produced: the bmv2 JSON and the P4Info text. */
    private static final class Compiled {
        final String json;
        final String p4Info;

        Compiled(String json, String p4Info) {
            this.json = json;
            this.p4Info = p4Info;
        }

        /**
         * The parser's states for M-SID counts (mrh_count_n; p4c renumbers them when it inlines
         * the common parser, so they are counted, not read).
         */
        int countStates() {
            Matcher m = Pattern.compile("\"name\" : \"CommonParser_mrh_count(_\\d+)?\"").matcher(json);
            Set<String> states = new HashSet<>();
            while (m.find()) {
                states.add(m.group());
            }
            return states.size();
        }

        /** The size of the msids header stack. */
        int stackSize() {
            Matcher m = Pattern.compile("\"name\" : \"msids\",\\s*\"id\" : \\d+,\\s*\"header_type\" : \"[^\"]+\","
                                                + "\\s*\"size\" : (\\d+)").matcher(json);
            assertTrue("no msids stack in the JSON", m.find());
            return Integer.parseInt(m.group(1));
        }
    }

    private static Compiled compile(int maxMsids) throws Exception {
        assumeTrue("p4c-bm2-ss not on PATH", onPath("p4c-bm2-ss"));
        Path out = Files.createTempDirectory("max-msids-" + maxMsids);
        try {
            assertEquals("p4c-bm2-ss with MAX_MSIDS=" + maxMsids, 0, run(out, maxMsids));
            return new Compiled(Files.readString(out.resolve("bmv2.json"), StandardCharsets.UTF_8),
                                Files.readString(out.resolve("p4info.txt"), StandardCharsets.UTF_8));
        } finally {
            delete(out);
        }
    }

    private static int run(Path out, int maxMsids) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("p4c-bm2-ss", "--arch", "v1model", "--std", "p4-16",
                                                       "-DMAX_MSIDS=" + maxMsids));
        // The full profile's program: MSR6 (and everything else) compiled in.
        PipeconfProfiles.named(SixflowPipeconfs.FULL_PROFILE).orElseThrow().features()
                .forEach(feature -> command.add("-DWITH_" + feature));
        command.addAll(List.of("-o", out.resolve("bmv2.json").toString(),
                               "--p4runtime-files", out.resolve("p4info.txt").toString(), MAIN.getPath()));
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true).redirectOutput(out.resolve("p4c.log").toFile()).start();
        assertTrue("p4c-bm2-ss did not finish", p.waitFor(5, TimeUnit.MINUTES));
        return p.exitValue();
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        return path != null && Stream.of(path.split(File.pathSeparator))
                .anyMatch(dir -> new File(dir, tool).canExecute());
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted((a, b) -> b.compareTo(a)).forEach(f -> f.toFile().delete());
        }
    }
}
