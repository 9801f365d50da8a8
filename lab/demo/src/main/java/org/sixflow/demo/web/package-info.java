// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The demo's web server: Sixflow's REST application mounted as ONOS mounts it, and the built
 * dashboard, on one loopback port.
 */
package org.sixflow.demo.web;
