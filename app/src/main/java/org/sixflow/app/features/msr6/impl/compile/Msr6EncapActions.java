// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.compile;

import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiActionParamId;
import org.sixflow.app.features.msr6.api.Msr6Mode;

import java.util.List;

import static com.google.common.base.Preconditions.checkArgument;
import static org.sixflow.pipeconf.P4InfoConstants.SID0;
import static org.sixflow.pipeconf.P4InfoConstants.SID1;
import static org.sixflow.pipeconf.P4InfoConstants.SID2;
import static org.sixflow.pipeconf.P4InfoConstants.SID3;
import static org.sixflow.pipeconf.P4InfoConstants.SID4;
import static org.sixflow.pipeconf.P4InfoConstants.SID5;
import static org.sixflow.pipeconf.P4InfoConstants.SID6;
import static org.sixflow.pipeconf.P4InfoConstants.SID7;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_1;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_2;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_3;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_4;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_5;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_7;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_8;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_1;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_2;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_3;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_4;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_5;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_7;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_8;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_1;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_2;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_3;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_4;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_5;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_7;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_8;

/**
 * The ingress edge's actions for a tree (msr6.p4): one encapsulation action per MRH type and
 * M-SID count ({@code encap_te_n}, {@code encap_rlb_n}), so that the count and type are the
 * action's constants rather than values one table hands the next, and one M-SID action per count
 * ({@code set_msids_n}: the first min(n, 4) in {@code msr6_encap_sids_lo}; M-SIDs 4 to n-1 in
 * {@code msr6_encap_sids_hi}), so that none writes a slot the tree leaves invalid.
 */
final class Msr6EncapActions {

    /** M-SIDs an action of the lower half writes at most (its data: 64 octets). */
    static final int LOWER_HALF = 4;

    private static final List<PiActionId> TE = List.of(
            SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_1, SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_2,
            SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_3, SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_4,
            SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_5, SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_6,
            SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_7, SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_TE_8);
    private static final List<PiActionId> RLB = List.of(
            SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_1, SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_2,
            SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_3, SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_4,
            SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_5, SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_6,
            SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_7, SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP_RLB_8);
    private static final List<PiActionId> SIDS = List.of(
            SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_1, SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_2,
            SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_3, SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_4,
            SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_5, SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_6,
            SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_7, SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_8);
    private static final List<PiActionParamId> SID_PARAMS = List.of(SID0, SID1, SID2, SID3, SID4, SID5, SID6, SID7);

    /** The most M-SIDs any build of the program takes (MAX_MSIDS is 1..8). */
    static final int MAX_COUNT = SIDS.size();

    private Msr6EncapActions() {
    }

    /**
     * Returns the encapsulation action for a tree.
     *
     * @param mode  the tree's mode (its MRH Type)
     * @param count its M-SIDs, 1..8
     * @return {@code encap_te_<count>} or {@code encap_rlb_<count>}
     */
    static PiActionId encap(Msr6Mode mode, int count) {
        checkCount(count);
        return (mode == Msr6Mode.RLB ? RLB : TE).get(count - 1);
    }

    /**
     * Returns the action that writes the lower half of a list of the given length.
     *
     * @param count the list's M-SIDs, 1..8
     * @return {@code set_msids_<min(count, 4)>}
     */
    static PiActionId lowerHalf(int count) {
        checkCount(count);
        return SIDS.get(Math.min(count, LOWER_HALF) - 1);
    }

    /**
     * Returns the action that writes the upper half of a list longer than four.
     *
     * @param count the list's M-SIDs, 5..8
     * @return {@code set_msids_<count>}
     */
    static PiActionId upperHalf(int count) {
        checkArgument(count > LOWER_HALF && count <= MAX_COUNT, "no upper half for %s M-SIDs", count);
        return SIDS.get(count - 1);
    }

    /**
     * Returns the parameters of M-SIDs first..last-1, in list order.
     *
     * @param first the first M-SID's index
     * @param last  one past the last one's
     * @return their parameter ids ({@code sid<i>})
     */
    static List<PiActionParamId> sidParams(int first, int last) {
        return SID_PARAMS.subList(first, last);
    }

    private static void checkCount(int count) {
        checkArgument(count >= 1 && count <= MAX_COUNT, "a tree's M-SID list has 1..%s M-SIDs, not %s",
                      MAX_COUNT, count);
    }
}
