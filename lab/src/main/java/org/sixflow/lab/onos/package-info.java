// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's gRPC and P4Runtime protocol services, as far as Sixflow's collectors use them, over
 * the lab's own P4Runtime sessions.
 */
package org.sixflow.lab.onos;
