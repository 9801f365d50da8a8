// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The one plan of group ids on a Sixflow device. ONOS keeps ALL groups (P4Runtime multicast
 * groups) and CLONE groups (clone sessions) in one group-id space per device, so the two must never
 * meet: clone sessions live below {@link #FIRST_TREE_GROUP}, each MSR6 tree's multicast groups above
 * it (in both modes: a tree's SIDs name it, so its replicating nodes use its group whatever their
 * behaviour). A tree has two: the group every replicating node and leaf of it uses, and the
 * delivery group of a split node (one that replicates and has receivers of its own, on a target
 * whose egress cannot decapsulate the tree's list: its parent sends it a second copy, to a leaf
 * SID of its own, which this group delivers; docs/features/msr6.md#limits). Everything stays below
 * {@link #LIMIT}: P4Runtime servers built on PI (bmv2's simple_switch_grpc, Stratum) refuse
 * multicast group ids from 0x8000 on, which they keep for clone sessions ("Group id value is too
 * high"), although {@code mcast_group_t} is 16 bits wide. GroupIdsTest holds this plan to the P4
 * sources (every clone session they define, the width of the multicast group field).
 * <pre>
 *   0                no group (the P4 programs read 0 as "do not replicate")
 *   1 .. 0x3FF       clone sessions (CloneSessions)
 *   0x400 .. 0x41FF  tree groups: 0x3FF + tree number (tree numbers 1 .. MAX_TREE_NUMBER)
 *   0x4200 .. 0x7FFF split delivery groups: 0x41FF + tree number
 *   0x8000 .. 0x83FF ECMP groups (P4Runtime action profile groups of the ecmp selector, SELECT
 *                    groups in ONOS): 0x8000 + ECMP index (0 .. ECMP_GROUPS - 1); the ecmp
 *                    table's 16-bit group_id holds the same number
 * </pre>
 */
public final class GroupIds {

    /** Clone session ids are below this. */
    public static final int FIRST_TREE_GROUP = 0x400;
    /** Multicast group ids PI-based P4Runtime servers accept are below this. */
    public static final int LIMIT = 0x8000;
    /** Highest tree number: its split delivery group is the last below LIMIT. */
    public static final int MAX_TREE_NUMBER = (LIMIT - FIRST_TREE_GROUP) / 2;
    /** The first split delivery group (tree number 1's). */
    public static final int FIRST_DELIVERY_GROUP = FIRST_TREE_GROUP + MAX_TREE_NUMBER;

    /** The first ECMP group; ECMP_GROUPS of them follow from here. */
    public static final int FIRST_ECMP_GROUP = LIMIT;

    private GroupIds() {
    }

    /**
     * Returns an ECMP group's id.
     *
     * @param index 0..ECMP_GROUPS - 1
     * @return its group id (ONOS's, the action profile group's and the ecmp table's)
     */
    public static int ecmpGroup(int index) {
        checkArgument(index >= 0 && index < P4Defines.ECMP_GROUPS, "ECMP index %s outside 0..%s", index,
                      P4Defines.ECMP_GROUPS - 1);
        return FIRST_ECMP_GROUP + index;
    }

    /**
     * Tells whether an id is an ECMP group's.
     *
     * @param id a group id
     * @return true if it is in the ECMP range
     */
    public static boolean isEcmpGroup(int id) {
        return id >= FIRST_ECMP_GROUP && id < FIRST_ECMP_GROUP + P4Defines.ECMP_GROUPS;
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
     * Returns the delivery group of a tree's split nodes: on each, the ports of its own receivers,
     * which its leaf SID's copies (decapsulated in ingress) go to.
     *
     * @param treeNumber 1..MAX_TREE_NUMBER
     * @return its group id
     */
    public static int splitDeliveryGroup(int treeNumber) {
        checkArgument(treeNumber >= 1 && treeNumber <= MAX_TREE_NUMBER, "tree number %s outside 1..%s",
                      treeNumber, MAX_TREE_NUMBER);
        return FIRST_DELIVERY_GROUP - 1 + treeNumber;
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
