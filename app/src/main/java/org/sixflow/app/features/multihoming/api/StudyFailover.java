// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import org.onosproject.net.ConnectPoint;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * A provider link failing mid-run, once per protocol: the site host pings the correspondent every
 * {@link #PROBE_INTERVAL_MS} ms for {@link #seconds()}, the uplink goes down {@link #afterSeconds()}
 * in and comes back at the end; the longest time without a reply is the protocol's repair time.
 */
public final class StudyFailover {

    /** Between two pings of a failover trial. */
    public static final int PROBE_INTERVAL_MS = 20;
    /** Longest failover trial. */
    public static final double MAX_SECONDS = 120;

    private final ConnectPoint uplink;
    private final double afterSeconds;
    private final double seconds;

    private StudyFailover(ConnectPoint uplink, double afterSeconds, double seconds) {
        this.uplink = Objects.requireNonNull(uplink, "uplink");
        checkArgument(afterSeconds >= 0.5 && seconds >= afterSeconds + 1 && seconds <= MAX_SECONDS,
                      "afterSeconds must be at least 0.5 and seconds at least afterSeconds + 1, at most %s",
                      MAX_SECONDS);
        this.afterSeconds = afterSeconds;
        this.seconds = seconds;
    }

    /**
     * Creates a failover.
     *
     * @param uplink       the border router's uplink port that fails
     * @param afterSeconds how far into the trial it fails, at least 0.5
     * @param seconds      the trial's length, at least afterSeconds + 1, at most {@link #MAX_SECONDS}
     * @return the failover
     */
    public static StudyFailover of(ConnectPoint uplink, double afterSeconds, double seconds) {
        return new StudyFailover(uplink, afterSeconds, seconds);
    }

    /** The uplink that fails. */
    public ConnectPoint uplink() {
        return uplink;
    }

    /** How far into the trial it fails. */
    public double afterSeconds() {
        return afterSeconds;
    }

    /** How long the trial lasts. */
    public double seconds() {
        return seconds;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof StudyFailover)) {
            return false;
        }
        StudyFailover that = (StudyFailover) o;
        return uplink.equals(that.uplink) && afterSeconds == that.afterSeconds && seconds == that.seconds;
    }

    @Override
    public int hashCode() {
        return Objects.hash(uplink, afterSeconds, seconds);
    }
}
