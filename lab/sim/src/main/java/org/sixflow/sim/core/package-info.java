// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS core services in memory for one simulated instance: applications, component configuration,
 * event dispatching, JSON codecs, REST API docs, a P4Runtime controller whose only clients are
 * simulated switches, and a gRPC controller without channels.
 */
package org.sixflow.sim.core;
