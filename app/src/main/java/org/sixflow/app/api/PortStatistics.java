// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import org.onosproject.net.DeviceId;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A port's latest counters and the rates since the reading before them.
 */
public final class PortStatistics implements TelemetrySubject {

    private final PortCounters counters;
    private final PortRates rates;

    private PortStatistics(PortCounters counters, PortRates rates) {
        this.counters = checkNotNull(counters);
        checkArgument(rates == null || rates.time().equals(counters.time()),
                      "rates end at %s but the counters were read at %s", rates == null ? null : rates.time(),
                      counters.time());
        this.rates = rates;
    }

    /**
     * Creates port statistics.
     *
     * @param counters the latest reading
     * @param previous the reading before it, if any
     * @return counters and the rates between the two readings
     */
    public static PortStatistics of(PortCounters counters, Optional<PortCounters> previous) {
        return new PortStatistics(counters, previous.map(p -> PortRates.between(p, counters)).orElse(null));
    }

    @Override
    public DeviceId deviceId() {
        return counters.deviceId();
    }

    @Override
    public Instant time() {
        return counters.time();
    }

    public String port() {
        return counters.port();
    }

    public PortCounters counters() {
        return counters;
    }

    /**
     * Returns the rates since the previous reading.
     *
     * @return rates, empty if there was no previous reading
     */
    public Optional<PortRates> rates() {
        return Optional.ofNullable(rates);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PortStatistics)) {
            return false;
        }
        PortStatistics that = (PortStatistics) o;
        return counters.equals(that.counters) && Objects.equals(rates, that.rates);
    }

    @Override
    public int hashCode() {
        return Objects.hash(counters, rates);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("counters", counters).add("rates", rates).toString();
    }
}
