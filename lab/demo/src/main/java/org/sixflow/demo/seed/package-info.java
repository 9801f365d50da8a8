// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * What the demo stores and sends so its pages have something to show: telemetry and finished
 * experiment runs written through the app's own writers and stores, and live telemetry on request.
 */
package org.sixflow.demo.seed;
