// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's group service over simulated switches that confirm every write at once.
 */
package org.sixflow.sim.net.group;
