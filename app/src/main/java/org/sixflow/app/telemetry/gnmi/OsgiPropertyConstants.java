// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

/**
 * Names and defaults of the gNMI collector's component properties (ONOS's cfg catalog reads
 * them from here).
 */
public final class OsgiPropertyConstants {

    /** How counters are read: "subscribe" (gNMI Subscribe, SAMPLE mode) or "poll" (gNMI Get). */
    public static final String GNMI_MODE = "gnmiMode";
    public static final String GNMI_MODE_DEFAULT = "subscribe";

    /** Seconds between samples (subscribe) or polls (poll), 1..3600. */
    public static final String GNMI_INTERVAL = "gnmiIntervalSeconds";
    public static final int GNMI_INTERVAL_DEFAULT = 10;

    private OsgiPropertyConstants() {
    }
}
