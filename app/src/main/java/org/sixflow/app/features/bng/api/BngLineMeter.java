// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.api;

import java.util.Objects;
import java.util.Optional;

/**
 * How a subscriber line is metered, each direction on its own: upstream (from the subscriber,
 * on the device with the line) and downstream (to it, on the device with its prefixes). An
 * empty direction is unmetered.
 */
public final class BngLineMeter {

    /** Neither direction metered. */
    public static final BngLineMeter UNMETERED = new BngLineMeter(null, null);

    private final BngMeterRate upstream;
    private final BngMeterRate downstream;

    /**
     * @param upstream   the upstream rate, null for unmetered
     * @param downstream the downstream rate, null for unmetered
     */
    public BngLineMeter(BngMeterRate upstream, BngMeterRate downstream) {
        this.upstream = upstream;
        this.downstream = downstream;
    }

    public Optional<BngMeterRate> upstream() {
        return Optional.ofNullable(upstream);
    }

    public Optional<BngMeterRate> downstream() {
        return Optional.ofNullable(downstream);
    }

    /** Whether neither direction is metered. */
    public boolean isUnmetered() {
        return upstream == null && downstream == null;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof BngLineMeter)) {
            return false;
        }
        BngLineMeter other = (BngLineMeter) o;
        return Objects.equals(upstream, other.upstream) && Objects.equals(downstream, other.downstream);
    }

    @Override
    public int hashCode() {
        return Objects.hash(upstream, downstream);
    }

    @Override
    public String toString() {
        return isUnmetered() ? "unmetered" : "upstream " + (upstream == null ? "unmetered" : upstream)
                + ", downstream " + (downstream == null ? "unmetered" : downstream);
    }
}
