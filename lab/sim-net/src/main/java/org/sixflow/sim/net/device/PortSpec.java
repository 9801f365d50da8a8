// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.device;

import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A simulated device's port as it is wired: its number, name, speed and type.
 */
public final class PortSpec {

    /** The speed of a port added without one, in Mbps. */
    public static final long DEFAULT_SPEED_MBPS = 10_000;

    private final PortNumber number;
    private final String name;
    private final long speedMbps;
    private final Port.Type type;

    private PortSpec(PortNumber number, String name, long speedMbps, Port.Type type) {
        this.number = number;
        this.name = name;
        this.speedMbps = speedMbps;
        this.type = type;
    }

    /**
     * Returns a copper port named after its number, at the default speed.
     *
     * @param number the port number, positive
     * @return the port
     */
    public static PortSpec of(long number) {
        return of(number, String.valueOf(number), DEFAULT_SPEED_MBPS);
    }

    /**
     * Returns a copper port.
     *
     * @param number    the port number, positive
     * @param name      its name, e.g. "eth1"
     * @param speedMbps its speed in Mbps, not negative
     * @return the port
     */
    public static PortSpec of(long number, String name, long speedMbps) {
        return of(number, name, speedMbps, Port.Type.COPPER);
    }

    /**
     * Returns a port.
     *
     * @param number    the port number, positive
     * @param name      its name, e.g. "eth1"
     * @param speedMbps its speed in Mbps, not negative
     * @param type      its type
     * @return the port
     */
    public static PortSpec of(long number, String name, long speedMbps, Port.Type type) {
        checkArgument(number > 0, "Port number must be positive, not %s", number);
        checkNotNull(name, "Port name cannot be null");
        checkArgument(speedMbps >= 0, "Port speed cannot be negative: %s", speedMbps);
        checkNotNull(type, "Port type cannot be null");
        // A number without its name, as connect points in netcfg and links name ports.
        return new PortSpec(PortNumber.portNumber(number), name, speedMbps, type);
    }

    /**
     * Returns the port number.
     *
     * @return number
     */
    public PortNumber number() {
        return number;
    }

    /**
     * Returns the port name (its "portName" annotation).
     *
     * @return name
     */
    public String name() {
        return name;
    }

    /**
     * Returns the port speed.
     *
     * @return speed in Mbps
     */
    public long speedMbps() {
        return speedMbps;
    }

    /**
     * Returns the port type.
     *
     * @return type
     */
    public Port.Type type() {
        return type;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PortSpec)) {
            return false;
        }
        PortSpec other = (PortSpec) o;
        return number.equals(other.number) && name.equals(other.name) && speedMbps == other.speedMbps
                && type == other.type;
    }

    @Override
    public int hashCode() {
        return Objects.hash(number, name, speedMbps, type);
    }

    @Override
    public String toString() {
        return number + " (" + name + ", " + speedMbps + " Mbps)";
    }
}
