// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

/**
 * Names and defaults of the pipeconf bundle's component configuration properties.
 */
public final class OsgiPropertyConstants {

    /**
     * Folder holding bf-p4c's output per profile, laid out as the bundle's p4c-out:
     * {@code <dir>/<profile>/tofino/} with p4info.txt, pipe/tofino.bin, pipe/context.json(.gz),
     * cpu_port.txt. Empty: the Tofino outputs the bundle carries.
     */
    public static final String TOFINO_ARTIFACTS_DIR = "tofinoArtifactsDir";
    public static final String TOFINO_ARTIFACTS_DIR_DEFAULT = "";

    private OsgiPropertyConstants() {
    }
}
