// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * MSR6 trees as experiments exercise them: the tree's experiment target (the class's packet from
 * the tree, what a report can read, a tree rebuilt during a run). Talks only to the feature's api.
 */
package org.sixflow.app.features.msr6.experiments;
