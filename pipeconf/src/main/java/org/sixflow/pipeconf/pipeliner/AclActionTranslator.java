// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.pipeliner;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiTableAction;

import java.util.List;
import java.util.Set;

import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_ALLOW;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_DROP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_PUNT_TO_CPU;
import static org.sixflow.pipeconf.pipeliner.ObjectiveRefusedException.badParams;
import static org.sixflow.pipeconf.pipeliner.ObjectiveRefusedException.unsupported;

/**
 * Turns an objective's treatment into an action of the P4 {@code acl} table: punt_to_cpu,
 * drop or allow, none of which takes a parameter.
 *
 * <ul>
 * <li>OUTPUT:CONTROLLER with the deferred instructions cleared, as ONOS's PacketManager asks
 *     for every packet request ({@code punt().wipeDeferred()}), is punt_to_cpu: the packet goes
 *     to the controller instead of being forwarded.</li>
 * <li>OUTPUT:CONTROLLER without clearing is ONOS's copy-to-controller (forward the packet
 *     and send a copy). The acl table has no clone action, and punting instead would silently
 *     stop forwarding traffic the app only wanted to see, so it is refused (UNSUPPORTED).</li>
 * <li>No instruction, or only NOACTION ({@code drop()}), is drop, as in the interpreter.</li>
 * <li>A PI action of the acl table is taken as it is.</li>
 * </ul>
 * Anything else, an output to another port above all, is UNSUPPORTED: the acl table only
 * punts, drops or lets routing decide.
 */
final class AclActionTranslator {

    private static final Set<PiActionId> ACL_ACTIONS = Set.of(SIXFLOW_INGRESS_ACL_PUNT_TO_CPU, SIXFLOW_INGRESS_ACL_DROP,
                                                              SIXFLOW_INGRESS_ACL_ALLOW);

    private AclActionTranslator() {
    }

    /**
     * Returns the acl action that carries out a treatment.
     *
     * @param treatment the objective's treatment
     * @return the action
     * @throws ObjectiveRefusedException UNSUPPORTED for what the table cannot do, BADPARAMS for
     *                                   a PI action with parameters the table's actions lack
     */
    static PiAction translate(TrafficTreatment treatment) throws ObjectiveRefusedException {
        if (treatment.tableTransition() != null || treatment.writeMetadata() != null
                || !treatment.meters().isEmpty() || treatment.statTrigger() != null) {
            throw unsupported("the acl table has no next table, metadata, meter or statistics trigger: " + treatment);
        }
        List<Instruction> instructions = treatment.allInstructions().stream()
                .filter(instruction -> instruction.type() != Instruction.Type.NOACTION)
                .collect(ImmutableList.toImmutableList());
        if (instructions.isEmpty()) {
            return action(SIXFLOW_INGRESS_ACL_DROP);
        }
        if (instructions.size() == 1) {
            Instruction only = instructions.get(0);
            if (only.type() == Instruction.Type.PROTOCOL_INDEPENDENT) {
                return piAction(((PiInstruction) only).action());
            }
            if (only.type() == Instruction.Type.OUTPUT
                    && PortNumber.CONTROLLER.equals(((OutputInstruction) only).port())) {
                if (!treatment.clearedDeferred()) {
                    throw unsupported("copy to controller (OUTPUT:CONTROLLER without wipeDeferred) needs a clone "
                                              + "action the acl table does not have; punt() with wipeDeferred() "
                                              + "is supported");
                }
                if (!treatment.immediate().contains(only)) {
                    throw unsupported("OUTPUT:CONTROLLER must be an immediate instruction: " + treatment);
                }
                return action(SIXFLOW_INGRESS_ACL_PUNT_TO_CPU);
            }
        }
        throw unsupported("the acl table can punt to the controller, drop or allow; it cannot carry out "
                                  + treatment.allInstructions());
    }

    private static PiAction piAction(PiTableAction tableAction) throws ObjectiveRefusedException {
        if (tableAction.type() != PiTableAction.Type.ACTION) {
            throw unsupported("the acl table takes direct actions, not " + tableAction.type());
        }
        PiAction action = (PiAction) tableAction;
        if (!ACL_ACTIONS.contains(action.id())) {
            throw badParams("PI action " + action.id() + " is not an action of the acl table " + ACL_ACTIONS);
        }
        if (!action.parameters().isEmpty()) {
            throw badParams("acl action " + action.id() + " takes no parameters, got " + action.parameters());
        }
        return action;
    }

    private static PiAction action(PiActionId id) {
        return PiAction.builder().withId(id).build();
    }
}
