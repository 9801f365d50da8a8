// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Experiment results: the figures of a run's samples and the studies' tables made of them.
 */
package org.sixflow.app.experiments.results;
