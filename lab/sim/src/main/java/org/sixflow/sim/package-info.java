// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * A simulated ONOS: its core services in memory over a simulated network, and a component runtime
 * that wires bundles' components from their OSGi descriptors as ONOS's SCR does. The demo runs
 * Sixflow's real components on it where neither ONOS nor bmv2 can run.
 */
package org.sixflow.sim;
