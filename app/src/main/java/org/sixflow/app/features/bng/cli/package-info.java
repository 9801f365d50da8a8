// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * CLI of the PPPoE control plane: sixflow:bng-lines, sixflow:bng-sessions, sixflow:bng-cut.
 * Talks only to the feature's api.
 */
package org.sixflow.app.features.bng.cli;
