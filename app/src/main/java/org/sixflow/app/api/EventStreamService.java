// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import java.util.Optional;

/**
 * Admission of live event streams (the REST API's server-sent events): each open stream holds
 * one slot until it ends, and each has a queue of bounded size for a client slower than the
 * events. Both limits are component properties (ONOS {@code cfg set}); a lower limit refuses new
 * streams and leaves open ones be.
 */
public interface EventStreamService {

    /** One open stream's slot; closing it (more than once is fine) frees the slot. */
    interface Slot extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Takes a slot for a new stream of a client.
     *
     * @param client who asks (its remote address), or null when the container does not say
     * @return the slot; empty when as many streams as the limit are open, or as many as the
     *         per-client limit for this client ({@link #openStreams(String)} tells which)
     */
    Optional<Slot> open(String client);

    /**
     * Returns the most streams one client holds at once.
     *
     * @return the per-client limit
     */
    int clientLimit();

    /**
     * Returns how many streams a client holds now.
     *
     * @param client the client (its remote address)
     * @return its open streams
     */
    int openStreams(String client);

    /**
     * Returns the most streams open at once.
     *
     * @return the limit
     */
    int limit();

    /**
     * Returns how many streams hold a slot now.
     *
     * @return open streams
     */
    int openStreams();

    /**
     * Returns the most bytes of events queued for one client; events beyond are dropped and the
     * client is told how many (a gap).
     *
     * @return bytes
     */
    int queueBytes();
}
