// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.testing;

import org.sixflow.pipeconf.codegen.PipeconfPaths;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The values a target's P4 defines in {@code p4src/<arch>/define_<arch>.p4} ({@code #define NAME
 * N}) that P4Info does not carry, for the tests that hold their Java copies to the P4.
 */
public final class TargetDefines {

    private TargetDefines() {
    }

    /**
     * Reads a target's define.
     *
     * @param arch the architecture's folder: {@code v1model} or {@code tna}
     * @param name the macro
     * @return its value
     * @throws IOException    when the file cannot be read
     * @throws AssertionError when the file does not define it
     */
    public static int value(String arch, String name) throws IOException {
        File file = new File(PipeconfPaths.P4SRC, arch + "/define_" + arch + ".p4");
        Matcher matcher = Pattern.compile("(?m)^#define " + name + " (\\d+)")
                .matcher(new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8));
        if (!matcher.find()) {
            throw new AssertionError("no " + name + " in " + file);
        }
        return Integer.parseInt(matcher.group(1));
    }
}
