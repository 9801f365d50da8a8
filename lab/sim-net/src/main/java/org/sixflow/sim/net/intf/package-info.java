// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's interface service over the interfaces of the network configuration.
 */
package org.sixflow.sim.net.intf;
