// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import java.io.File;

import static org.junit.Assert.assertTrue;

/**
 * The Tofino compiler output committed with the pipeconf (pipeconf/build-p4.sh writes it from our
 * TNA program with bf-p4c). It is part of the repository: a test that needs it fails without it.
 */
public final class TofinoArtifacts {

    /** The committed output folder (tests run in app/). */
    public static final File DIR = new File("../pipeconf/src/main/resources/p4c-out/core/tofino");
    /** The per-stage resource report, in the resources.json schema. */
    public static final File RESOURCES_JSON = new File(DIR, "pipe/logs/resources.json");
    /** The same figures as text tables, written from resources.json by the compiler's p4c-build-logs. */
    public static final File MAU_RESOURCES_LOG = new File(DIR, "pipe/logs/mau.resources.log");

    private TofinoArtifacts() {
    }

    /**
     * Fails the calling test, saying how to restore it, unless the Tofino resource report is there.
     */
    public static void requireReport() {
        assertTrue("no Tofino compiler output at " + RESOURCES_JSON.getPath()
                           + " (pipeconf/build-p4.sh tofino writes it)", RESOURCES_JSON.isFile());
    }
}
