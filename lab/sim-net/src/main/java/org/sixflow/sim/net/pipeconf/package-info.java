// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's pipeconf service: a pipeconf registry, device bindings and pipeconf-merged drivers in
 * memory; and the PI translation service its P4Runtime handler behaviours look up.
 */
package org.sixflow.sim.net.pipeconf;
