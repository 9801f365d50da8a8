// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's driver service for simulated switches: handlers that read groups back from the switches
 * and give the behaviours of the pipeconfs the devices are bound to.
 */
package org.sixflow.sim.net.driver;
