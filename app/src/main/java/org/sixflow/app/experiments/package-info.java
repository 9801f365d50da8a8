// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Experiments: probes and their schedule, pacing, validation and the studies' presets.
 */
package org.sixflow.app.experiments;
