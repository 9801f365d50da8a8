// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import org.junit.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * A client's frames: bounded in bytes, in order, what did not fit counted once as a gap.
 */
public class FrameQueueTest {

    @Test
    public void holdsFramesUpToItsBytesInOrderAndCountsWhatItDrops() throws Exception {
        FrameQueue queue = new FrameQueue(10);
        assertTrue(queue.offer(new byte[4]));
        assertTrue(queue.offer(new byte[]{1, 2, 3, 4, 5, 6}));
        assertFalse(queue.offer(new byte[1]));
        assertFalse(queue.offer(new byte[1]));
        assertEquals(10, queue.bytes());
        assertEquals(2, queue.dropped());

        assertEquals(4, queue.poll(0, TimeUnit.NANOSECONDS).length);
        assertTrue("room again", queue.offer(new byte[3]));
        assertArrayEquals(new byte[]{1, 2, 3, 4, 5, 6}, queue.poll(0, TimeUnit.NANOSECONDS));
        assertEquals(3, queue.poll(0, TimeUnit.NANOSECONDS).length);
        assertNull(queue.poll(1, TimeUnit.MILLISECONDS));
        assertEquals(0, queue.bytes());

        assertEquals(2, queue.takeGap());
        assertEquals("a gap is told once", 0, queue.takeGap());
        assertEquals("the total stays", 2, queue.dropped());
    }

    @Test
    public void aWaitingConsumerGetsTheNextFrame() throws Exception {
        FrameQueue queue = new FrameQueue(100);
        Thread producer = new Thread(() -> queue.offer(new byte[]{42}));
        producer.start();
        byte[] frame = queue.poll(1, TimeUnit.MINUTES);
        producer.join();
        assertArrayEquals(new byte[]{42}, frame);
    }
}
