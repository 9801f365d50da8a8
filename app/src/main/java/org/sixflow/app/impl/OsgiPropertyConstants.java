// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

/**
 * Names and defaults of the event stream manager's component properties (ONOS's cfg catalog
 * reads them from here).
 */
public final class OsgiPropertyConstants {

    /** Most live event streams (server-sent events) open at once, 1..10000; each holds a web thread. */
    public static final String MAX_EVENT_STREAMS = "maxEventStreams";
    public static final int MAX_EVENT_STREAMS_DEFAULT = 32;

    /**
     * Most live event streams one client (remote address) holds at once, 1..10000: one client
     * opening every stream left everyone else a 503.
     */
    public static final String MAX_EVENT_STREAMS_PER_CLIENT = "maxEventStreamsPerClient";
    public static final int MAX_EVENT_STREAMS_PER_CLIENT_DEFAULT = 4;

    /** Most kilobytes of events queued for one slow client, 16..65536; more is dropped and counted. */
    public static final String EVENT_STREAM_QUEUE_KB = "eventStreamQueueKb";
    public static final int EVENT_STREAM_QUEUE_KB_DEFAULT = 1024;

    private OsgiPropertyConstants() {
    }
}
