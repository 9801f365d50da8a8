// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's edge port service: the ports of available devices where no link ends.
 */
package org.sixflow.sim.net.edge;
