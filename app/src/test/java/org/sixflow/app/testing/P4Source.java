// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The P4 sources (pipeconf/p4src), for tests that hold a Java constant to the P4 value it copies
 * where P4Info does not carry it (header layouts, code points).
 */
public final class P4Source {

    private static final Path ROOT = Paths.get("..", "pipeconf", "p4src");

    private P4Source() {
    }

    /**
     * A source file's text.
     *
     * @param file its path under p4src, e.g. common/define.p4
     * @return the text
     */
    public static String text(String file) {
        try {
            return new String(Files.readAllBytes(ROOT.resolve(file)), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A constant's value: {@code #define NAME value} or {@code const bit<W> NAME = value;}.
     *
     * @param file its path under p4src
     * @param name the constant
     * @return its value
     * @throws AssertionError if the file does not define it
     */
    public static long value(String file, String name) {
        Matcher m = Pattern.compile("(?m)^(?:#define\\s+" + name + "\\s+|const\\s+\\w+(?:<\\d+>)?\\s+" + name
                                            + "\\s*=\\s*)(0x[0-9a-fA-F]+|\\d+)").matcher(text(file));
        if (!m.find()) {
            throw new AssertionError(name + " not defined in " + file);
        }
        return Long.decode(m.group(1));
    }
}
