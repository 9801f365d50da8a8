// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Simulated devices and their ports, and ONOS's device service over them.
 */
package org.sixflow.sim.net.device;
