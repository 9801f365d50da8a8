// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

/**
 * Clone session ids the P4 programs clone to. P4Info does not carry them: the P4 sources define
 * them in {@code p4src/<target>/define_<target>.p4}, and CloneSessionsTest holds these values to
 * those files.
 */
public final class CloneSessions {

    /** TELEMETRY_CLONE_SESSION: per-packet telemetry reports, pointed at the CPU port. */
    public static final int TELEMETRY = 500;

    private CloneSessions() {
    }
}
