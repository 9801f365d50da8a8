// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock that stands still until a test moves it, readable from any thread: tests of day-based
 * work then do not depend on the day they run.
 */
public final class SettableClock extends Clock {

    private final AtomicReference<Instant> now;
    private final ZoneId zone;

    /**
     * Creates a UTC clock.
     *
     * @param now the instant it shows
     */
    public SettableClock(Instant now) {
        this(new AtomicReference<>(now), ZoneOffset.UTC);
    }

    private SettableClock(AtomicReference<Instant> now, ZoneId zone) {
        this.now = now;
        this.zone = zone;
    }

    public void set(Instant instant) {
        now.set(instant);
    }

    public void advance(Duration duration) {
        now.updateAndGet(instant -> instant.plus(duration));
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    // The same settable instant seen in another zone.
    @Override
    public Clock withZone(ZoneId other) {
        return new SettableClock(now, other);
    }
}
