// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.codegen;

import java.io.File;
import java.util.List;

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
    /** Generated from p4src/common/define.p4 (P4DefinesGenerator). */
    public static final File DEFINES_JAVA = new File(MODULE, "src/main/java/org/sixflow/pipeconf/P4Defines.java");
    /** The profiles build-p4.sh compiles and the bundle registers. */
    public static final File PROFILES_JSON = new File(MODULE, "profiles.json");
    /**
     * The P4Infos the constants are generated from: the full profile's (every table but the
     * BNG's) and the bng profile's (the BNG's, which no other feature is built with), on bmv2
     * (always built; the targets share names).
     */
    public static final List<File> CONSTANTS_SOURCES = List.of(new File(P4C_OUT, "full/bmv2/p4info.txt"),
                                                               new File(P4C_OUT, "bng/bmv2/p4info.txt"));

    private PipeconfPaths() {
    }

    /**
     * Returns the folder of a profile's artifacts for a target.
     *
     * @param profile the profile
     * @param target  bmv2 or tofino
     * @return p4c-out/&lt;profile&gt;/&lt;target&gt;
     */
    public static File artifacts(String profile, String target) {
        return new File(new File(P4C_OUT, profile), target);
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
