// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

/**
 * Where an experiment's packets come from.
 */
public enum ExperimentTraffic {
    /**
     * The controller builds each class's packets and emits them by packet-out at the neighbour
     * that faces the experiment's ingress port, so they enter the measured device on that port
     * and go through its whole pipeline, paced at the experiment's interval.
     */
    PROBES,
    /**
     * A generator on the host attached to the ingress port sends them (in the bmv2 lab, a
     * process in the host's network namespace), for rates above what packet-outs sustain.
     */
    HOSTS,
    /**
     * Someone else sent them (TRex, MoonGen, P4TG…): a run analyses the telemetry samples of the
     * experiment's classes at the ingress device within the experiment's time window.
     */
    EXTERNAL
}
