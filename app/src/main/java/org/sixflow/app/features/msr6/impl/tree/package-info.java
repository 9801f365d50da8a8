// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Multicast tree algorithms on the network graph: Takahashi-Matsuyama (TE) and the
 * union of shortest paths (RLB).
 */
package org.sixflow.app.features.msr6.impl.tree;
