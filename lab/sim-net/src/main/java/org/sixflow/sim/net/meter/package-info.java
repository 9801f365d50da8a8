// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's meter service over simulated switches: meters stored and confirmed at once, within the
 * meter features of each device's pipeline.
 */
package org.sixflow.sim.net.meter;
