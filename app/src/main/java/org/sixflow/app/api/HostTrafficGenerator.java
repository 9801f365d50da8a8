// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.net.ConnectPoint;

import java.util.List;

/**
 * Sends experiment probes from a host attached to the network, for rates above what packet-outs
 * sustain. Sixflow itself has none: an environment that can run programs on its hosts registers
 * one (the bmv2 lab does, in its hosts' network namespaces).
 */
public interface HostTrafficGenerator {

    /**
     * Tells whether the generator can send from the host attached at a port.
     *
     * @param attachment a switch port
     * @return true when a host it drives is attached there
     */
    boolean serves(ConnectPoint attachment);

    /**
     * Returns the shortest interval the generator keeps.
     *
     * @return nanoseconds
     */
    long minIntervalNanos();

    /**
     * Sends bursts back to back, each packet paced from the start of the first (no drift), and
     * returns once the last has left.
     *
     * @param attachment the port the sending host is attached at
     * @param bursts     what to send, in order
     * @return how well the generator kept the intervals
     * @throws InterruptedException when interrupted (the generator stops sending)
     * @throws IllegalStateException when the generator fails, saying why
     */
    PacingSummary send(ConnectPoint attachment, List<ProbeBurst> bursts) throws InterruptedException;
}
