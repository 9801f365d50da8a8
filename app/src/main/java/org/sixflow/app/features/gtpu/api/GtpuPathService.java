// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * GTP-U path supervision (TS 29.281 section 7.2.1): the controller echoes every path in use,
 * from each decap device's N3 address to each of its tunnels' peers, and says which answer.
 */
public interface GtpuPathService {

    /**
     * Returns the paths in use, by device, N3 address and peer, as the last echoes found them
     * (each device's master echoes its paths; every instance lists them all); a path that came
     * into use since the last round is UNKNOWN with nothing sent yet.
     *
     * @return the paths
     */
    List<GtpuPath> paths();

    /**
     * Returns how long apart a path's Echo Requests go.
     *
     * @return the interval
     */
    Duration echoInterval();

    /**
     * Returns how many Echo Requests unanswered in a row make a path DOWN.
     *
     * @return the count
     */
    int echoMisses();

    /**
     * Returns when this instance's next round of Echo Requests is due (for the devices it masters).
     *
     * @return the time, empty while supervision is not running
     */
    Optional<Instant> nextRound();
}
