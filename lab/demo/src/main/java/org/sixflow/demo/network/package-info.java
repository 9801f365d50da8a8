// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The demo's network: the bmv2 lab's own topology files (lab/topologies) and the netcfg the lab
 * generates from them, built into the simulated network.
 */
package org.sixflow.demo.network;
