// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.Set;

/**
 * Identifiers of the Sixflow pipeconfs and where their compiled artifacts live in the bundle.
 */
public final class SixflowPipeconfs {

    /** Pipeconf for bmv2 simple_switch_grpc / stratum-bmv2 (v1model). */
    public static final PiPipeconfId BMV2 = new PiPipeconfId("org.sixflow.bmv2");
    /** Pipeconf for Tofino switches running Stratum (TNA). */
    public static final PiPipeconfId TOFINO = new PiPipeconfId("org.sixflow.tofino");
    /** Every Sixflow pipeconf: a device running one of these runs the Sixflow pipeline. */
    public static final Set<PiPipeconfId> ALL = Set.of(BMV2, TOFINO);

    /** Bundle folder of the compiled bmv2 artifacts (written by pipeconf/build-p4.sh). */
    public static final String BMV2_DIR = "/p4c-out/bmv2/";
    /** Bundle folder of the compiled Tofino artifacts, when the bundle carries them. */
    public static final String TOFINO_DIR = "/p4c-out/tofino/";

    public static final String P4INFO_FILE = "p4info.txt";
    public static final String BMV2_JSON_FILE = "bmv2.json";
    public static final String CPU_PORT_FILE = "cpu_port.txt";
    public static final String SOURCE_HASH_FILE = "source.sha256";
    /** The compiler's version line, as pipeconf/build-p4.sh records it. */
    public static final String COMPILER_FILE = "compiler.txt";
    /** Tofino binary and context, as bf-p4c lays them out under the pipe folder. */
    public static final String TOFINO_BIN_FILE = "pipe/tofino.bin";
    public static final String TOFINO_CONTEXT_FILE = "pipe/context.json";
    /** The Tofino compiler's per-stage MAU resource report (bf-p4c's resources.json schema). */
    public static final String TOFINO_RESOURCES_FILE = "pipe/logs/resources.json";

    private SixflowPipeconfs() {
    }
}
