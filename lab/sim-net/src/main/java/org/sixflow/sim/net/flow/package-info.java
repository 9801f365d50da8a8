// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's flow rule service over simulated switches that confirm every write at once.
 */
package org.sixflow.sim.net.flow;
