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
        EventStreamService.Slot a = streams.open(null).orElseThrow();
        EventStreamService.Slot b = streams.open(null).orElseThrow();
        assertEquals(Optional.empty(), streams.open(null));
        assertEquals(2, streams.openStreams());
        a.close();
        a.close();
        assertEquals(1, streams.openStreams());
        assertTrue(streams.open(null).isPresent());
        b.close();
        assertEquals(1, streams.openStreams());
    }

    @Test
    public void aLowerLimitRefusesNewStreamsAndLeavesOpenOnes() {
        assertEquals(OsgiPropertyConstants.MAX_EVENT_STREAMS_DEFAULT, streams.limit());
        EventStreamService.Slot a = streams.open(null).orElseThrow();
        assertTrue(streams.open(null).isPresent());
        fixture.configure(Map.of(OsgiPropertyConstants.MAX_EVENT_STREAMS, 1));
        assertEquals(2, streams.openStreams());
        assertEquals(Optional.empty(), streams.open(null));
        a.close();
        assertEquals(Optional.empty(), streams.open(null));
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

    /** One client opening every stream left everyone else a 503. */
    @Test
    public void aClientHoldsAtMostItsShareAndOthersStillGetStreams() {
        fixture.configure(Map.of(OsgiPropertyConstants.MAX_EVENT_STREAMS_PER_CLIENT, "2"));
        EventStreamService.Slot a = streams.open("10.0.0.1").orElseThrow();
        EventStreamService.Slot b = streams.open("10.0.0.1").orElseThrow();
        assertEquals(Optional.empty(), streams.open("10.0.0.1"));
        assertEquals(2, streams.openStreams("10.0.0.1"));
        assertTrue(streams.open("10.0.0.2").isPresent());
        a.close();
        a.close();
        assertEquals(1, streams.openStreams("10.0.0.1"));
        assertTrue(streams.open("10.0.0.1").isPresent());
        b.close();
    }

    @Test
    public void aClientRefusedByTheInstanceLimitKeepsNoShare() {
        fixture.configure(Map.of(OsgiPropertyConstants.MAX_EVENT_STREAMS, "1"));
        EventStreamService.Slot a = streams.open("10.0.0.1").orElseThrow();
        assertEquals(Optional.empty(), streams.open("10.0.0.2"));
        assertEquals(0, streams.openStreams("10.0.0.2"));
        a.close();
        assertEquals(0, streams.openStreams("10.0.0.1"));
    }
}
