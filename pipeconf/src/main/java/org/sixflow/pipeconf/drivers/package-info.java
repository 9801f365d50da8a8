// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The ONOS drivers Sixflow's devices take: ONOS's own, with what Sixflow needs changed.
 */
package org.sixflow.pipeconf.drivers;
