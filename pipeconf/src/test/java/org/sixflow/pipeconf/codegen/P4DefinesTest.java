// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.codegen;

import org.junit.Test;
import org.sixflow.pipeconf.P4Defines;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;

import static org.junit.Assert.assertEquals;

/**
 * The committed P4Defines.java must be what the generator makes of the committed define.p4.
 */
public class P4DefinesTest {

    private static final File DEFINE = new File(PipeconfPaths.P4SRC, "common/define.p4");

    private static String read(File file) throws Exception {
        return new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8);
    }

    @Test
    public void committedDefinesMatchDefineP4() throws Exception {
        assertEquals("P4Defines.java is stale: run `make constants`",
                     P4DefinesGenerator.generate(read(DEFINE), PipeconfPaths.relativeToPipeconf(DEFINE)),
                     read(PipeconfPaths.DEFINES_JAVA));
    }

    @Test
    public void readsConstsAndDefinesAsP4defines() {
        Map<String, Long> values = P4DefinesGenerator.values(
                "const bit<8> DROP_X = 7;\nconst drop_reason_t DROP_Y   = 0x1f;\n#define SIZE 4096\n#define FLAG\n");
        assertEquals(Map.of("DROP_X", 7L, "DROP_Y", 31L, "SIZE", 4096L), values);
        assertEquals(1, P4Defines.DROP_NO_ROUTE);
        assertEquals(8, P4Defines.MAX_MSIDS);
    }
}
