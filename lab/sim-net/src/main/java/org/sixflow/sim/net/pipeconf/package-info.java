// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's pipeconf service: a pipeconf registry and device bindings in memory.
 */
package org.sixflow.sim.net.pipeconf;
