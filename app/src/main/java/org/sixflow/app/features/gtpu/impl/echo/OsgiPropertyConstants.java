// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.echo;

/**
 * Names and defaults of the GTP-U path supervisor's properties (GtpuPathSupervisor), after TS
 * 29.281 section 7.2.1's echo period and the requests a path may leave unanswered.
 */
public final class OsgiPropertyConstants {

    /** Seconds between a path's Echo Requests: no fewer than 60 (the section's), 1..3600 allowed. */
    public static final String ECHO_INTERVAL = "echoIntervalSeconds";
    public static final int ECHO_INTERVAL_DEFAULT = 60;
    /** Echo Requests unanswered in a row that make a path DOWN, 1..100. */
    public static final String ECHO_MISSES = "echoMisses";
    public static final int ECHO_MISSES_DEFAULT = 3;

    private OsgiPropertyConstants() {
    }
}
