// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's network configuration service and registry in memory, with ONOS's basic config factories.
 */
package org.sixflow.sim.net.config;
