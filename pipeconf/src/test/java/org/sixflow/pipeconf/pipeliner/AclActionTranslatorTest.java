// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.pipeliner;

import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flowobjective.ObjectiveError;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_ALLOW;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_DROP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_PUNT_TO_CPU;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP;

/**
 * Treatments to acl actions: punt, drop, a PI action of the table; everything else refused.
 */
public class AclActionTranslatorTest {

    private static PiAction action(PiActionId id) {
        return PiAction.builder().withId(id).build();
    }

    private static void assertRefused(TrafficTreatment treatment, ObjectiveError error, String words) {
        try {
            AclActionTranslator.translate(treatment);
            fail("translated " + treatment);
        } catch (ObjectiveRefusedException e) {
            assertEquals(treatment.toString(), error, e.error());
            assertTrue(e.getMessage() + " should mention " + words, e.getMessage().contains(words));
        }
    }

    @Test
    public void puntWithDeferredWipedIsPuntToCpu() throws Exception {
        assertEquals(action(SIXFLOW_INGRESS_ACL_PUNT_TO_CPU),
                     AclActionTranslator.translate(DefaultTrafficTreatment.builder().punt().wipeDeferred().build()));
    }

    @Test
    public void emptyAndDropTreatmentsAreDrop() throws Exception {
        assertEquals(action(SIXFLOW_INGRESS_ACL_DROP),
                     AclActionTranslator.translate(DefaultTrafficTreatment.emptyTreatment()));
        assertEquals(action(SIXFLOW_INGRESS_ACL_DROP),
                     AclActionTranslator.translate(DefaultTrafficTreatment.builder().drop().build()));
        assertEquals(action(SIXFLOW_INGRESS_ACL_DROP),
                     AclActionTranslator.translate(DefaultTrafficTreatment.builder().wipeDeferred().build()));
    }

    @Test
    public void anAclPiActionIsTakenAsItIs() throws Exception {
        assertEquals(action(SIXFLOW_INGRESS_ACL_ALLOW), AclActionTranslator.translate(
                DefaultTrafficTreatment.builder().piTableAction(action(SIXFLOW_INGRESS_ACL_ALLOW)).build()));
    }

    @Test
    public void whatTheTableCannotDoIsRefused() {
        assertRefused(DefaultTrafficTreatment.builder().punt().build(), ObjectiveError.UNSUPPORTED, "copy to controller");
        assertRefused(DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(2)).wipeDeferred().build(),
                      ObjectiveError.UNSUPPORTED, "OUTPUT:2");
        assertRefused(DefaultTrafficTreatment.builder().setOutput(PortNumber.NORMAL).build(),
                      ObjectiveError.UNSUPPORTED, "cannot carry out");
        assertRefused(DefaultTrafficTreatment.builder().punt().setEthDst(MacAddress.BROADCAST).wipeDeferred().build(),
                      ObjectiveError.UNSUPPORTED, "cannot carry out");
        assertRefused(DefaultTrafficTreatment.builder().punt().wipeDeferred().transition(1).build(),
                      ObjectiveError.UNSUPPORTED, "next table");
        assertRefused(DefaultTrafficTreatment.builder().piTableAction(
                PiAction.builder().withId(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP)
                        .withParameter(new PiActionParam(PORT, 1)).build()).build(),
                      ObjectiveError.BADPARAMS, "not an action of the acl table");
        assertRefused(DefaultTrafficTreatment.builder().piTableAction(
                PiAction.builder().withId(SIXFLOW_INGRESS_ACL_DROP).withParameter(new PiActionParam(PORT, 1)).build())
                              .build(), ObjectiveError.BADPARAMS, "takes no parameters");
    }
}
