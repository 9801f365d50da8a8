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

    /**
     * How often, in seconds, the owner tries its FAILED trees again when nothing else has: an
     * install whose devices did not confirm in time (a device changing master, ONOS holding group
     * writes until the new master's first group audit) may well succeed a moment later, and a
     * change of a device's master, a link or a device coming back retry them at once anyway.
     * 0: only those events retry them.
     */
    public static final String FAILED_TREE_RETRY = "failedTreeRetrySeconds";
    public static final int FAILED_TREE_RETRY_DEFAULT = 30;
    public static final int FAILED_TREE_RETRY_MAX = 3600;

    private OsgiPropertyConstants() {
    }
}
