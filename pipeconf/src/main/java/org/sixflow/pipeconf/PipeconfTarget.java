// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import java.util.Arrays;
import java.util.Optional;

/**
 * A target the P4 program compiles for, by its name in profiles.json, pipeconf ids and the
 * artifact folders (p4c-out/<profile>/<target>/).
 */
public enum PipeconfTarget {
    /** bmv2 simple_switch_grpc / stratum-bmv2 (v1model). */
    BMV2("bmv2"),
    /** Tofino switches running Stratum (TNA). */
    TOFINO("tofino");

    private final String id;

    PipeconfTarget(String id) {
        this.id = id;
    }

    /**
     * Returns the target's name as profiles.json, the pipeconf ids and the folders spell it.
     *
     * @return e.g. "bmv2"
     */
    public String id() {
        return id;
    }

    /**
     * Returns the target of a name.
     *
     * @param id e.g. "tofino"
     * @return the target, or empty for an unknown name
     */
    public static Optional<PipeconfTarget> ofId(String id) {
        return Arrays.stream(values()).filter(t -> t.id.equals(id)).findFirst();
    }
}
