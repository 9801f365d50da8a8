// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Simulated switches as ONOS's P4Runtime clients see them: counter cells that can be set and read
 * back through the P4Runtime read API; nothing is written to them through P4Runtime.
 */
package org.sixflow.sim.p4runtime;
