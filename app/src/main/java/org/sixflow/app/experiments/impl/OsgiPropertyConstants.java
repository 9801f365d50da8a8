// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

/**
 * Component properties of the experiment manager.
 */
public final class OsgiPropertyConstants {

    /**
     * Shortest interval between probes the controller sends by packet-out, in microseconds:
     * experiments asking for less are refused (HOSTS traffic goes faster).
     */
    public static final String MIN_PROBE_INTERVAL_MICROS = "minProbeIntervalMicros";
    public static final int MIN_PROBE_INTERVAL_MICROS_DEFAULT = 50;

    /** How long before each probe's time the pacer stops parking its thread and spins, in microseconds. */
    public static final String SPIN_MICROS = "spinMicros";
    public static final int SPIN_MICROS_DEFAULT = 200;

    /**
     * After the last probe, how long no report of the run may come before the missing ones are
     * counted lost, in milliseconds (reports a busy controller is still taking in keep coming).
     */
    public static final String REPORT_DRAIN_MILLIS = "reportDrainMillis";
    public static final int REPORT_DRAIN_MILLIS_DEFAULT = 300;

    /**
     * Overdue probes the pacer sends back to back to catch up after a stall before it starts its
     * schedule again from now (bursts queue in the switches and distort what is measured).
     */
    public static final String MAX_CATCH_UP = "maxCatchUp";
    public static final int MAX_CATCH_UP_DEFAULT = 8;

    /**
     * SCHED_FIFO priority (1-99) of the thread sending a run's packet-outs while it sends (a host
     * generator's process, started from it, inherits it), 0 to leave it under the normal
     * scheduler. Needs CAP_SYS_NICE and util-linux's chrt; without them the run goes on at normal
     * priority and its log says why.
     */
    public static final String PACER_REALTIME_PRIORITY = "pacerRealtimePriority";
    public static final int PACER_REALTIME_PRIORITY_DEFAULT = 0;

    private OsgiPropertyConstants() {
    }
}
