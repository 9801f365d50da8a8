// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * What the demo stores and sends so its pages have something to show: telemetry and finished
 * experiment runs written through the app's own writers and stores, BNG subscribers replayed from
 * a real PPPoE capture into the app's relay, and live telemetry on request.
 */
package org.sixflow.demo.seed;
