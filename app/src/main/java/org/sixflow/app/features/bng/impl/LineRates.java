// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.sixflow.app.features.bng.api.BngMeterRate;
import org.sixflow.pipeconf.behaviour.bng.BngLineRate;

/**
 * An operator's rate (kbit/s, bytes) as the P4 meters take it: they count bytes, so a kbit/s is
 * 125 bytes a second (exact, no rounding); bursts are bytes already.
 */
final class LineRates {

    static final long BYTES_PER_SECOND_PER_KBPS = 1000 / 8;

    private LineRates() {
    }

    /**
     * Converts a rate.
     *
     * @param rate the configured rate
     * @return the same rate in bytes/s and bytes
     */
    static BngLineRate inBytes(BngMeterRate rate) {
        return new BngLineRate(rate.cirKbps() * BYTES_PER_SECOND_PER_KBPS, rate.cbsBytes(),
                               rate.pirKbps() * BYTES_PER_SECOND_PER_KBPS, rate.pbsBytes());
    }
}
