// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

/**
 * Names and defaults of the aggregate poller's component properties.
 */
public final class OsgiPropertyConstants {

    /** Seconds between two reads of every device's latency aggregates, 1..3600. */
    public static final String AGGREGATE_POLL = "aggregatePollSeconds";
    public static final int AGGREGATE_POLL_DEFAULT = 10;

    private OsgiPropertyConstants() {
    }
}
