// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import org.onosproject.event.EventListener;

/**
 * Hears about GTP-U tunnels.
 */
public interface GtpuTunnelListener extends EventListener<GtpuTunnelEvent> {
}
