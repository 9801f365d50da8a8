// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The simulated network's event thread: ONOS's event delivery service over one thread that delivers
 * events in order and can tell when it is idle.
 */
package org.sixflow.sim.net.event;
