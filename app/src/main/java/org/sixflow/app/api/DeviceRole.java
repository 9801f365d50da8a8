// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

/**
 * What a Sixflow device does for MSR6 and APN6 traffic, as its netcfg says.
 */
public enum DeviceRole {
    /** Edge router: classifies, inserts APN6 options, encapsulates and decapsulates MSR6. */
    EDGE,
    /** Transit router: replicates MSR6 packets and applies SLA handling. */
    TRANSIT
}
