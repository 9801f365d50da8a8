// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

/** Names and defaults of the MSR6 tree owner's component properties (Msr6TreeManager). */
public final class OsgiPropertyConstants {

    /**
     * How long, in seconds, the network must stay unchanged after a link or device came back
     * before each installed tree is built again and moved, make-before-break, to the new build
     * when that costs less as the tree's algorithm counts (TreeCost): a tree rerouted around a
     * failure returns to its cheaper path. 0: trees stay where a reroute put them.
     */
    public static final String TREE_REOPTIMIZE_HOLD = "treeReoptimizeHoldSeconds";
    public static final int TREE_REOPTIMIZE_HOLD_DEFAULT = 5;
    public static final int TREE_REOPTIMIZE_HOLD_MAX = 3600;

    private OsgiPropertyConstants() {
    }
}
