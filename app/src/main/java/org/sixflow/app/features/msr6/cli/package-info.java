// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * CLI of MSR6 trees: sixflow:trees, sixflow:tree-add, sixflow:tree-show, sixflow:tree-remove.
 * Talks only to the feature's api.
 */
package org.sixflow.app.features.msr6.cli;
