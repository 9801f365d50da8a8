// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.config;

/**
 * What a Sixflow device does for MSR6 and APN6 traffic.
 *
 * @deprecated the API's {@link org.sixflow.app.api.DeviceRole} is the type; this copy is left only
 *             because the APN6 manager, being reworked elsewhere, still imports it. Delete it with
 *             {@link SixflowDeviceConfig#role()} once that import reads org.sixflow.app.api.DeviceRole.
 */
@Deprecated
public enum DeviceRole {
    /** Edge router: classifies, inserts APN6 options, encapsulates and decapsulates MSR6. */
    EDGE,
    /** Transit router: replicates MSR6 packets and applies SLA handling. */
    TRANSIT
}
