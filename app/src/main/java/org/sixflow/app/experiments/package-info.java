// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Experiments: probes and their schedule, pacing, validation, the features' experiment targets
 * and what the studies' presets share.
 */
package org.sixflow.app.experiments;
