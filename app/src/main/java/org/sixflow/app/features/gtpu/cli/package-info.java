// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * CLI of GTP-U tunnels: sixflow:gtpu-tunnels, sixflow:gtpu-tunnel-add, sixflow:gtpu-tunnel-remove.
 * Talks only to the feature's api.
 */
package org.sixflow.app.features.gtpu.cli;
