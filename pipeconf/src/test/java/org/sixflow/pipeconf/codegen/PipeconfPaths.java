// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.codegen;

import java.io.File;

/**
 * Paths inside the pipeconf module, for tests and the generator (they run with the module
 * folder, or a sibling module's, as the working directory, as Maven runs them).
 */
public final class PipeconfPaths {

    /** The pipeconf module: the working directory, or its sibling when another module's tests run. */
    public static final File MODULE = new File("p4src").isDirectory() ? new File(".").getAbsoluteFile()
            : new File("../pipeconf").getAbsoluteFile();
    public static final File P4SRC = new File(MODULE, "p4src");
    public static final File P4C_OUT = new File(MODULE, "src/main/resources/p4c-out");
    public static final File CONSTANTS_JAVA =
            new File(MODULE, "src/main/java/org/sixflow/pipeconf/P4InfoConstants.java");
    public static final File CONSTANTS_PYTHON = new File(MODULE, "ptf/lib/p4info_names.py");
    /** The P4Info the constants are generated from: the targets share names, bmv2 always exists. */
    public static final File CONSTANTS_SOURCE = new File(P4C_OUT, "bmv2/p4info.txt");

    private PipeconfPaths() {
    }

    /**
     * Returns a file's path relative to the module folder, with '/' separators.
     *
     * @param file a file inside the module
     * @return its relative path
     */
    public static String relativeToPipeconf(File file) {
        return MODULE.toPath().normalize().relativize(file.getAbsoluteFile().toPath().normalize())
                .toString().replace(File.separatorChar, '/');
    }
}
