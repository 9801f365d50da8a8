// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The one plan of group ids on a Sixflow device. ONOS keeps ALL groups (P4Runtime multicast
 * groups) and CLONE groups (clone sessions) in one group-id space per device, so the two must never
 * meet: clone sessions live below {@link #FIRST_TREE_GROUP}, each MSR6 tree's multicast group above
 * it, and End.RLB.X bitstring groups at the top. Everything stays below {@link #LIMIT}: P4Runtime
 * servers built on PI (bmv2's simple_switch_grpc, Stratum) refuse multicast group ids from 0x8000 on,
 * which they keep for clone sessions ("Group id value is too high"), although {@code mcast_group_t}
 * is 16 bits wide. GroupIdsTest holds this plan to the P4 sources (every clone session they define,
 * the width of the multicast group field).
 * <pre>
 *   0                no group (the P4 programs read 0 as "do not replicate")
 *   1 .. 0x3FF       clone sessions (CloneSessions)
 *   0x400 .. 0x5FFF  tree groups: 0x3FF + tree number (tree numbers 1 .. MAX_TREE_NUMBER)
 *   0x6000 .. 0x7FFF End.RLB.X groups: 0x6000 | Local Bitstring (bits 0 .. 12)
 * </pre>
 */
public final class GroupIds {

    /** Clone session ids are below this. */
    public static final int FIRST_TREE_GROUP = 0x400;
    /** Multicast group ids PI-based P4Runtime servers accept are below this. */
    public static final int LIMIT = 0x8000;
    /** Local Bitstring bits a device may assign to its links (0 .. RLB_BITS_USABLE - 1). */
    public static final int RLB_BITS_USABLE = 13;
    /** End.RLB.X groups: this base or'ed with the Local Bitstring, up to LIMIT - 1. */
    public static final int RLB_GROUP_BASE = LIMIT - (1 << RLB_BITS_USABLE);
    /** Highest tree number: its group is the last below the RLB groups. */
    public static final int MAX_TREE_NUMBER = RLB_GROUP_BASE - FIRST_TREE_GROUP;

    private GroupIds() {
    }

    /**
     * Returns the multicast group of a tree.
     *
     * @param treeNumber 1..MAX_TREE_NUMBER
     * @return its group id
     */
    public static int treeGroup(int treeNumber) {
        checkArgument(treeNumber >= 1 && treeNumber <= MAX_TREE_NUMBER, "tree number %s outside 1..%s",
                      treeNumber, MAX_TREE_NUMBER);
        return FIRST_TREE_GROUP - 1 + treeNumber;
    }

    /**
     * Returns the multicast group that End.RLB.X SIDs with this Local Bitstring replicate to.
     *
     * @param bitstring a non-zero Local Bitstring
     * @return its group id
     */
    public static int rlbGroup(int bitstring) {
        checkArgument(bitstring > 0 && bitstring < 1 << RLB_BITS_USABLE, "bitstring 0x%s outside 1..0x%s",
                      Integer.toHexString(bitstring), Integer.toHexString((1 << RLB_BITS_USABLE) - 1));
        return RLB_GROUP_BASE | bitstring;
    }

    /**
     * Tells whether an id is one a clone session may use.
     *
     * @param id a group id
     * @return true if it is in the clone-session range
     */
    public static boolean isCloneSession(int id) {
        return id >= 1 && id < FIRST_TREE_GROUP;
    }
}
