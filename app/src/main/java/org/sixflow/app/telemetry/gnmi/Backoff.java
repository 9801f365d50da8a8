// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import java.time.Duration;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Waits that double after each failure up to a ceiling, and start over after a success, so an
 * unreachable device is retried soon at first and then without flooding the log or the network.
 */
final class Backoff {

    private final Duration initial;
    private final Duration max;
    private Duration next;

    Backoff(Duration initial, Duration max) {
        checkArgument(!initial.isNegative() && !initial.isZero() && max.compareTo(initial) >= 0,
                      "need 0 < initial <= max");
        this.initial = initial;
        this.max = max;
        this.next = initial;
    }

    /** Returns the wait before the next attempt and doubles the one after, up to the ceiling. */
    synchronized Duration next() {
        Duration wait = next;
        next = next.multipliedBy(2).compareTo(max) > 0 ? max : next.multipliedBy(2);
        return wait;
    }

    /** Starts over after a success. */
    synchronized void reset() {
        next = initial;
    }

    /** True while no failure happened since the last success. */
    synchronized boolean atStart() {
        return next.equals(initial);
    }
}
