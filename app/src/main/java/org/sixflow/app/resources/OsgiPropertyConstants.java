// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.resources;

/**
 * Names and defaults of the table occupancy collector's component properties (ONOS's cfg catalog
 * reads them from here).
 */
public final class OsgiPropertyConstants {

    /** Seconds between two counts of every device's table entries, 1..3600. */
    public static final String OCCUPANCY_INTERVAL = "occupancyIntervalSeconds";
    public static final int OCCUPANCY_INTERVAL_DEFAULT = 10;

    private OsgiPropertyConstants() {
    }
}
