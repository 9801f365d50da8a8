// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The lab's inputs: ONOS network configuration from a netcfg file, and the state file the lab's
 * network half (lab/net/labnet.py) writes about the switches and hosts it started.
 */
package org.sixflow.lab.config;
