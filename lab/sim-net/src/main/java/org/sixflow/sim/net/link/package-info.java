// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Simulated links and ONOS's link service over them.
 */
package org.sixflow.sim.net.link;
