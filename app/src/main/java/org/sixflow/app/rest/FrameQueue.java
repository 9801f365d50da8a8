// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;

/**
 * The frames waiting for one event stream client, bounded in bytes: a client that reads slower
 * than events come (or not at all) costs at most the bound. A frame that does not fit is dropped
 * and counted; the stream tells the client how many it missed (a gap) when it next writes.
 * Thread-safe: producers are the event threads, the consumer the stream's own thread.
 */
final class FrameQueue {

    private final long maxBytes;
    private final Deque<byte[]> frames = new ArrayDeque<>();
    private long bytes;
    private long dropped;
    private long gap;

    /**
     * Creates an empty queue.
     *
     * @param maxBytes the most bytes of frames it holds
     */
    FrameQueue(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /**
     * Adds a frame, unless it would take the queue past its bound.
     *
     * @param frame the frame's bytes
     * @return true if queued, false if dropped
     */
    synchronized boolean offer(byte[] frame) {
        if (bytes + frame.length > maxBytes) {
            dropped++;
            gap++;
            return false;
        }
        frames.addLast(frame);
        bytes += frame.length;
        notifyAll();
        return true;
    }

    /**
     * Takes the oldest frame, waiting for one up to a time.
     *
     * @param timeout how long to wait
     * @param unit    its unit
     * @return the frame, or null if none came in time
     * @throws InterruptedException if interrupted while waiting
     */
    synchronized byte[] poll(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (frames.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        byte[] frame = frames.removeFirst();
        bytes -= frame.length;
        return frame;
    }

    /**
     * Returns how many frames were dropped since the last call, and starts counting again.
     *
     * @return frames dropped meanwhile
     */
    synchronized long takeGap() {
        long missed = gap;
        gap = 0;
        return missed;
    }

    /** Frames dropped since the queue was made. */
    synchronized long dropped() {
        return dropped;
    }

    /** Bytes of the frames queued now. */
    synchronized long bytes() {
        return bytes;
    }
}
