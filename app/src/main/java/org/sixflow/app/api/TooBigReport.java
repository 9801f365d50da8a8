// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.PortNumber;

import java.util.Arrays;
import java.util.OptionalInt;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A packet a device dropped because it was past the MTU of its egress port, as the device
 * reported it: where the packet came in, the port it would have left by, that port's MTU (where
 * the device gives it: Tofino's report leaves it to the controller's configuration), whether
 * the device grew the packet (MSR6 encapsulation, APN6 insertion) or forwards it as it came, and
 * the packet as it would have left (from its IPv6 header on, the link layer left out).
 */
public final class TooBigReport {

    private final ConnectPoint receivedAt;
    private final PortNumber egressPort;
    private final int mtu;
    private final boolean grownHere;
    private final byte[] packet;

    /**
     * Creates a report.
     *
     * @param receivedAt the device and port the packet came in by
     * @param egressPort the port it would have left by
     * @param mtu        that port's MTU in octets, 0 where the device does not give it
     * @param grownHere  whether the device grew the packet (else it forwards it as it came)
     * @param packet     the packet from its IPv6 header on (copied)
     */
    public TooBigReport(ConnectPoint receivedAt, PortNumber egressPort, int mtu, boolean grownHere, byte[] packet) {
        checkArgument(mtu >= 0, "an MTU is positive, or 0 where the device does not give it");
        this.receivedAt = checkNotNull(receivedAt);
        this.egressPort = checkNotNull(egressPort);
        this.mtu = mtu;
        this.grownHere = grownHere;
        this.packet = checkNotNull(packet).clone();
    }

    /** The device and port the packet came in by. */
    public ConnectPoint receivedAt() {
        return receivedAt;
    }

    /** The port the packet would have left by. */
    public PortNumber egressPort() {
        return egressPort;
    }

    /** The egress port's MTU in octets, as the device gave it (empty: the device does not say). */
    public OptionalInt mtu() {
        return mtu > 0 ? OptionalInt.of(mtu) : OptionalInt.empty();
    }

    /** Whether the device grew the packet: else it forwards it at the size it came in with. */
    public boolean grownHere() {
        return grownHere;
    }

    /** The packet from its IPv6 header on, as it would have left (a copy). */
    public byte[] packet() {
        return packet.clone();
    }

    @Override
    public String toString() {
        return "TooBigReport{" + receivedAt + " -> " + egressPort + ", mtu " + (mtu > 0 ? String.valueOf(mtu) : "not given") + (grownHere ? ", grown" : "")
                + ", " + packet.length + " octets}";
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TooBigReport)) {
            return false;
        }
        TooBigReport other = (TooBigReport) o;
        return receivedAt.equals(other.receivedAt) && egressPort.equals(other.egressPort) && mtu == other.mtu
                && grownHere == other.grownHere && Arrays.equals(packet, other.packet);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * receivedAt.hashCode() + egressPort.hashCode()) + 31 * mtu + (grownHere ? 1 : 0)
                + Arrays.hashCode(packet);
    }
}
