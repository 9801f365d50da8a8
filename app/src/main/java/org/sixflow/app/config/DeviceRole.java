// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.config;

/**
 * What a Sixflow device does for MSR6 and APN6 traffic.
 */
public enum DeviceRole {
    /** Edge router: classifies, inserts APN6 options, encapsulates and decapsulates MSR6. */
    EDGE,
    /** Transit router: replicates MSR6 packets and applies SLA handling. */
    TRANSIT
}
