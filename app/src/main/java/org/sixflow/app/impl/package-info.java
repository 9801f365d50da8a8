// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Implementations of Sixflow's services.
 */
package org.sixflow.app.impl;
