// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.junit.Test;
import org.sixflow.app.api.EventStreamService;

import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Stream slots against the configured limit; the properties as cfg set leaves them.
 */
public class EventStreamManagerTest {

    private final EventStreamManagerFixture fixture = new EventStreamManagerFixture();
    private final EventStreamManager streams = fixture.manager;

    @Test
    public void slotsUpToTheLimitEachFreedOnceHowOftenItIsClosed() {
        fixture.configure(Map.of(OsgiPropertyConstants.MAX_EVENT_STREAMS, "2"));
        EventStreamService.Slot a = streams.open().orElseThrow();
        EventStreamService.Slot b = streams.open().orElseThrow();
        assertEquals(Optional.empty(), streams.open());
        assertEquals(2, streams.openStreams());
        a.close();
        a.close();
        assertEquals(1, streams.openStreams());
        assertTrue(streams.open().isPresent());
        b.close();
        assertEquals(1, streams.openStreams());
    }

    @Test
    public void aLowerLimitRefusesNewStreamsAndLeavesOpenOnes() {
        assertEquals(OsgiPropertyConstants.MAX_EVENT_STREAMS_DEFAULT, streams.limit());
        EventStreamService.Slot a = streams.open().orElseThrow();
        assertTrue(streams.open().isPresent());
        fixture.configure(Map.of(OsgiPropertyConstants.MAX_EVENT_STREAMS, 1));
        assertEquals(2, streams.openStreams());
        assertEquals(Optional.empty(), streams.open());
        a.close();
        assertEquals(Optional.empty(), streams.open());
    }

    @Test
    public void badValuesKeepWhatIsInForce() {
        fixture.configure(Map.of(OsgiPropertyConstants.MAX_EVENT_STREAMS, "64",
                                 OsgiPropertyConstants.EVENT_STREAM_QUEUE_KB, "32"));
        assertEquals(64, streams.limit());
        assertEquals(32 * 1024, streams.queueBytes());
        fixture.configure(Map.of(OsgiPropertyConstants.MAX_EVENT_STREAMS, "0",
                                 OsgiPropertyConstants.EVENT_STREAM_QUEUE_KB, "many"));
        assertEquals(64, streams.limit());
        assertEquals(32 * 1024, streams.queueBytes());
    }
}
