// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.packet;

import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketProcessorEntry;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A packet processor, its priority and how much time it took, as ONOS's packet manager lists them.
 */
final class SimProcessorEntry implements PacketProcessorEntry {

    private final PacketProcessor processor;
    private final int priority;
    private final AtomicLong invocations = new AtomicLong();
    private final AtomicLong nanos = new AtomicLong();

    SimProcessorEntry(PacketProcessor processor, int priority) {
        this.processor = processor;
        this.priority = priority;
    }

    /** Counts one invocation that took the given time. */
    void addNanos(long took) {
        invocations.incrementAndGet();
        nanos.addAndGet(took);
    }

    @Override
    public PacketProcessor processor() {
        return processor;
    }

    @Override
    public int priority() {
        return priority;
    }

    @Override
    public long invocations() {
        return invocations.get();
    }

    @Override
    public long totalNanos() {
        return nanos.get();
    }

    @Override
    public long averageNanos() {
        long count = invocations.get();
        return count == 0 ? 0 : nanos.get() / count;
    }
}
