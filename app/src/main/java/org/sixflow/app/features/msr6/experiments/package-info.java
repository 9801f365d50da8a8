// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * MSR6 trees as experiments exercise them: the tree's experiment target (the class's packet from
 * the tree, what a report can read, a tree rebuilt during a run) and the IETF 119 study's preset.
 * Of its feature, talks only to the api; the preset builds on the lab's shared fields
 * (experiments' LabPresets).
 */
package org.sixflow.app.features.msr6.experiments;
