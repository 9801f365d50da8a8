// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.seed;

import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;

import java.math.BigInteger;
import java.util.Optional;

import static org.sixflow.pipeconf.P4InfoConstants.HDR_C_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_S_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.LINE_ID;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP;

/**
 * The line a simulated BNG switch gives a subscriber's frame, as bng.p4's BngLookup finds it:
 * the line id of the switch's bng_line_map entry for (ingress port, S-tag, C-tag), which the
 * pipeconf's BngProgrammable wrote when the line's session came up; 0 (no line) without one. A
 * punted frame carries it in packet_in.ingress_line.
 */
final class SwitchLineMap {

    private SwitchLineMap() {
    }

    /**
     * Returns the line id of a line.
     *
     * @param flows  the flow rule service, whose entries the switch holds
     * @param device the switch
     * @param port   the port the frame came in at
     * @param sVid   its S-tag
     * @param cVid   its C-tag
     * @return the line id, 0 when the line map has no entry for it
     */
    static int lineId(FlowRuleService flows, DeviceId device, PortNumber port, int sVid, int cVid) {
        for (FlowEntry entry : flows.getFlowEntries(device)) {
            if (entry.state() != FlowEntry.FlowEntryState.ADDED
                    || !SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP.equals(entry.table())) {
                continue;
            }
            PiCriterion match = (PiCriterion) entry.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
            if (match != null && exact(match, HDR_IG_PORT) == port.toLong() && exact(match, HDR_S_TAG) == sVid
                    && exact(match, HDR_C_TAG) == cVid) {
                Optional<Integer> id = lineParam(entry);
                if (id.isPresent()) {
                    return id.get();
                }
            }
        }
        return 0;
    }

    private static long exact(PiCriterion match, PiMatchFieldId field) {
        return match.fieldMatch(field).filter(m -> m instanceof PiExactFieldMatch)
                .map(m -> new BigInteger(1, ((PiExactFieldMatch) m).value().asArray()).longValue()).orElse(-1L);
    }

    private static Optional<Integer> lineParam(FlowEntry entry) {
        for (Instruction instruction : entry.treatment().allInstructions()) {
            if (instruction instanceof PiInstruction && ((PiInstruction) instruction).action() instanceof PiAction) {
                for (PiActionParam param : ((PiAction) ((PiInstruction) instruction).action()).parameters()) {
                    if (LINE_ID.equals(param.id())) {
                        return Optional.of(new BigInteger(1, param.value().asArray()).intValue());
                    }
                }
            }
        }
        return Optional.empty();
    }
}
