// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Sixflow's Karaf commands, in scope "sixflow".
 */
package org.sixflow.app.cli;
