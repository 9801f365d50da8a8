// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Sixflow's services and the value types they exchange.
 */
package org.sixflow.app.api;
