// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's packet service over simulated switches: packet-ins injected by the simulation, packet-outs
 * recorded and handed to listeners.
 */
package org.sixflow.sim.net.packet;
