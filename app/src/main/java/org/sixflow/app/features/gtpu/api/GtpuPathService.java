// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import java.util.List;

/**
 * GTP-U path supervision (TS 29.281 section 7.2.1): the controller echoes every path in use,
 * from each decap device's N3 address to each of its tunnels' peers, and says which answer.
 */
public interface GtpuPathService {

    /**
     * Returns the paths in use as the last echoes found them, by device, N3 address and peer.
     *
     * @return the paths
     */
    List<GtpuPath> paths();
}
