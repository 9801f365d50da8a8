// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.compile;

import org.junit.Test;
import org.onosproject.net.pi.model.PiActionModel;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableModel;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_HI;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO;

/** The ingress edge's action per type and count, held to the P4Info of the bundled program. */
public class Msr6EncapActionsTest {

    private static final PiPipelineModel MODEL = BundledPipeconfs.bmv2().pipelineModel();

    @Test
    public void everyTypeAndCountHasItsActionInTheEncapsulationTable() {
        PiTableModel encap = MODEL.table(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP).orElseThrow();
        for (int count = 1; count <= Msr6EncapActions.MAX_COUNT; count++) {
            assertEquals("SixflowIngress.msr6_ingress.encap_te_" + count,
                         Msr6EncapActions.encap(Msr6Mode.TE, count).id());
            assertEquals("SixflowIngress.msr6_ingress.encap_rlb_" + count,
                         Msr6EncapActions.encap(Msr6Mode.RLB, count).id());
            for (Msr6Mode mode : Msr6Mode.values()) {
                assertTrue(encap.action(Msr6EncapActions.encap(mode, count)).isPresent());
            }
        }
    }

    @Test
    public void aListIsWrittenByTheActionsOfItsLength() {
        PiTableModel lower = MODEL.table(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO).orElseThrow();
        PiTableModel upper = MODEL.table(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_HI).orElseThrow();
        for (int count = 1; count <= Msr6EncapActions.MAX_COUNT; count++) {
            int low = Math.min(count, Msr6EncapActions.LOWER_HALF);
            PiActionModel lowAction = lower.action(Msr6EncapActions.lowerHalf(count)).orElseThrow();
            assertEquals(Msr6EncapActions.sidParams(0, low), params(lowAction));
            if (count > Msr6EncapActions.LOWER_HALF) {
                PiActionModel highAction = upper.action(Msr6EncapActions.upperHalf(count)).orElseThrow();
                assertEquals(Msr6EncapActions.sidParams(Msr6EncapActions.LOWER_HALF, count), params(highAction));
            }
        }
    }

    @Test
    public void aCountNoActionTakesIsRefusedByName() {
        assertEquals("a tree's M-SID list has 1..8 M-SIDs, not 0", refusal(() -> Msr6EncapActions.encap(Msr6Mode.TE, 0)));
        assertEquals("a tree's M-SID list has 1..8 M-SIDs, not 9",
                     refusal(() -> Msr6EncapActions.encap(Msr6Mode.RLB, 9)));
        assertEquals("a tree's M-SID list has 1..8 M-SIDs, not 9", refusal(() -> Msr6EncapActions.lowerHalf(9)));
        assertEquals("no upper half for 4 M-SIDs", refusal(() -> Msr6EncapActions.upperHalf(4)));
    }

    private static String refusal(Runnable call) {
        try {
            call.run();
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError("not refused");
    }

    private static List<PiActionParamId> params(PiActionModel action) {
        // sid<i>, by name: i is a single digit.
        return action.params().stream().map(p -> p.id()).sorted(Comparator.comparing(PiActionParamId::id))
                .collect(Collectors.toList());
    }
}
