// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The simulated network's flow-operation callback thread, which delivers in order and can tell when
 * it is idle (the network's events go through lab/sim's event dispatcher).
 */
package org.sixflow.sim.net.event;
