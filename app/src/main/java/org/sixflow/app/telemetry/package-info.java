// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Telemetry: queries over the history database, collectors' events, gNMI port counters.
 */
package org.sixflow.app.telemetry;
