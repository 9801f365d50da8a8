// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Simulated hosts, ONOS's host service over them, and hosts taken from the network configuration
 * as ONOS's netcfg host provider takes them.
 */
package org.sixflow.sim.net.host;
