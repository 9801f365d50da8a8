// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Port counters read over gNMI from OpenConfig /interfaces/interface/state/counters.
 */
package org.sixflow.app.telemetry.gnmi;
