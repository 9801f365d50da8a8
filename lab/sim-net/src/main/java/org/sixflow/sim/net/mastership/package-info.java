// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's mastership service for one simulated node, master of every device.
 */
package org.sixflow.sim.net.mastership;
