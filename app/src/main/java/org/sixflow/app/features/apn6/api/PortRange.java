// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.api;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * An inclusive range of L4 ports, 0..65535.
 */
public final class PortRange {

    public static final int MAX_PORT = 65535;
    /** Every port: the range a policy that does not constrain ports has. */
    public static final PortRange ANY = new PortRange(0, MAX_PORT);

    private final int low;
    private final int high;

    private PortRange(int low, int high) {
        this.low = low;
        this.high = high;
    }

    /**
     * Returns the range low..high.
     *
     * @param low  first port
     * @param high last port
     * @return the range
     * @throws IllegalArgumentException if out of 0..65535 or low &gt; high
     */
    public static PortRange of(int low, int high) {
        checkArgument(low >= 0 && high <= MAX_PORT, "ports must be 0..%s, got %s-%s", MAX_PORT, low, high);
        checkArgument(low <= high, "port range %s-%s is empty (low > high)", low, high);
        return low == 0 && high == MAX_PORT ? ANY : new PortRange(low, high);
    }

    public int low() {
        return low;
    }

    public int high() {
        return high;
    }

    /** Whether the two ranges share a port (touching ranges such as 10-20 and 20-30 do). */
    public boolean intersects(PortRange other) {
        return low <= other.high && other.low <= high;
    }

    /** Whether every port of other is in this range. */
    public boolean covers(PortRange other) {
        return low <= other.low && other.high <= high;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof PortRange && low == ((PortRange) o).low && high == ((PortRange) o).high;
    }

    @Override
    public int hashCode() {
        return Objects.hash(low, high);
    }

    @Override
    public String toString() {
        return low == high ? Integer.toString(low) : low + "-" + high;
    }
}
