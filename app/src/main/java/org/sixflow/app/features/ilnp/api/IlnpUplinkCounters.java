// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import org.onosproject.net.PortNumber;

import java.util.Objects;

/**
 * What one uplink of a site counted, read from the border router: ILNP packets (and their
 * octets) that came in by it and were rewritten to the internal locator (ilnp_uplink_in), and
 * those that left by it with its locator (ilnp_uplink_out). Empty when the device could not be
 * read.
 */
public final class IlnpUplinkCounters {

    private final PortNumber port;
    private final long inPackets;
    private final long inBytes;
    private final long outPackets;
    private final long outBytes;

    /**
     * Creates the counts.
     *
     * @param port       the uplink's port
     * @param inPackets  packets in
     * @param inBytes    octets in
     * @param outPackets packets out
     * @param outBytes   octets out
     */
    public IlnpUplinkCounters(PortNumber port, long inPackets, long inBytes, long outPackets, long outBytes) {
        this.port = Objects.requireNonNull(port);
        this.inPackets = inPackets;
        this.inBytes = inBytes;
        this.outPackets = outPackets;
        this.outBytes = outBytes;
    }

    /** The uplink's port. */
    public PortNumber port() {
        return port;
    }

    /** ILNP packets in by the uplink. */
    public long inPackets() {
        return inPackets;
    }

    /** Their octets. */
    public long inBytes() {
        return inBytes;
    }

    /** ILNP packets out by the uplink. */
    public long outPackets() {
        return outPackets;
    }

    /** Their octets. */
    public long outBytes() {
        return outBytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IlnpUplinkCounters && port.equals(((IlnpUplinkCounters) o).port)
                && inPackets == ((IlnpUplinkCounters) o).inPackets && inBytes == ((IlnpUplinkCounters) o).inBytes
                && outPackets == ((IlnpUplinkCounters) o).outPackets && outBytes == ((IlnpUplinkCounters) o).outBytes;
    }

    @Override
    public int hashCode() {
        return Objects.hash(port, inPackets, inBytes, outPackets, outBytes);
    }

    @Override
    public String toString() {
        return "port " + port + ": in " + inPackets + " packets/" + inBytes + " B, out " + outPackets + " packets/"
                + outBytes + " B";
    }
}
