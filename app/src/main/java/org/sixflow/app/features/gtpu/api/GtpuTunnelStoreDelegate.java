// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import org.onosproject.store.StoreDelegate;

/**
 * Hears what changed in the {@link GtpuTunnelStore}, whichever instance changed it.
 */
public interface GtpuTunnelStoreDelegate extends StoreDelegate<GtpuTunnelEvent> {
}
