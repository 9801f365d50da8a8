// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * The Tofino compiler's resource report and Tofino 1's per-stage capacities.
 */
package org.sixflow.app.resources.tofino;
