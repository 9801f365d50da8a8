// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiFieldMatch;

import java.math.BigInteger;
import java.util.Optional;

import static org.sixflow.pipeconf.P4InfoConstants.C_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_C_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_LINE_ID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_S_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.LINE_ID;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.S_TAG;

/**
 * Line ids as a device's entries record them: a line (port, S-tag, C-tag) keeps the id its line
 * map entry has (1..BNG_LINES; 0 is "no line" in the data plane), so ids survive a controller
 * restart; new lines get theirs from {@link BngLineLedger}. A pipeline without a line map
 * (bng-forward) records its lines in its line-session entries instead: the id is their key, the
 * line (port, S-tag, C-tag) their action's parameters.
 */
final class BngLineIds {

    /** Which of a device's tables records its lines. */
    enum Record {
        /** bng_line_map: (port, S-tag, C-tag) -> line id (set_line, pass_down). */
        LINE_MAP,
        /** bng_line_session: line id -> (port, S-tag, C-tag, ...). */
        LINE_SESSION
    }

    private BngLineIds() {
    }

    /**
     * Returns the line id a line-session entry gives its line, if it is that line's.
     *
     * @param rule a line-session entry
     * @param port the line's port on this device
     * @param sVid its S-tag (0: none)
     * @param cVid its C-tag (0: none)
     * @return the id, when the entry is that line's
     */
    static Optional<Integer> ofLineSession(FlowRule rule, PortNumber port, int sVid, int cVid) {
        if (param(rule, PORT) != port.toLong() || param(rule, S_TAG) != sVid || param(rule, C_TAG) != cVid) {
            return Optional.empty();
        }
        return lineSessionId(rule);
    }

    private static Optional<Integer> lineSessionId(FlowRule rule) {
        PiCriterion match = (PiCriterion) rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
        long id = match == null ? -1 : exact(match, HDR_LINE_ID);
        return id < 0 ? Optional.empty() : Optional.of((int) id);
    }

    /**
     * Returns the line id a line map entry gives its line, if it is one.
     *
     * @param rule a line map entry
     * @param port the line's port
     * @param sVid its S-tag (0: none)
     * @param cVid its C-tag (0: none)
     * @return the id, when the entry is that line's
     */
    static Optional<Integer> of(FlowRule rule, PortNumber port, int sVid, int cVid) {
        PiCriterion match = (PiCriterion) rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
        if (match == null || exact(match, HDR_IG_PORT) != port.toLong() || exact(match, HDR_S_TAG) != sVid
                || exact(match, HDR_C_TAG) != cVid) {
            return Optional.empty();
        }
        return lineId(rule);
    }

    /**
     * Returns the line id an entry's action writes.
     *
     * @param rule a line map entry
     * @return its line id, if its action has one
     */
    static Optional<Integer> lineId(FlowRule rule) {
        return rule.treatment().allInstructions().stream()
                .filter(i -> i instanceof PiInstruction)
                .map(i -> ((PiInstruction) i).action())
                .filter(a -> a instanceof PiAction)
                .flatMap(a -> ((PiAction) a).parameters().stream())
                .filter(p -> LINE_ID.equals(p.id()))
                .map(PiActionParam::value)
                .map(v -> value(v).intValue())
                .findFirst();
    }

    /**
     * Returns the line id an entry of the table that records a device's lines holds, whichever line it is.
     *
     * @param rule   an entry of that table
     * @param record which table
     * @return its line id, if it has one
     */
    static Optional<Integer> idOf(FlowRule rule, Record record) {
        return record == Record.LINE_MAP ? lineId(rule) : lineSessionId(rule);
    }

    /**
     * Returns the id of a line an entry of the table that records a device's lines gives it.
     *
     * @param rule   an entry of that table
     * @param record which table
     * @param port   the line's port on this device
     * @param sVid   its S-tag (0: none)
     * @param cVid   its C-tag (0: none)
     * @return the id, when the entry is that line's
     */
    static Optional<Integer> find(FlowRule rule, Record record, PortNumber port, int sVid, int cVid) {
        return record == Record.LINE_MAP ? of(rule, port, sVid, cVid) : ofLineSession(rule, port, sVid, cVid);
    }

    /** An action parameter's value, -1 when the entry's action has no such parameter. */
    private static long param(FlowRule rule, PiActionParamId id) {
        return rule.treatment().allInstructions().stream()
                .filter(i -> i instanceof PiInstruction)
                .map(i -> ((PiInstruction) i).action())
                .filter(a -> a instanceof PiAction)
                .flatMap(a -> ((PiAction) a).parameters().stream())
                .filter(p -> id.equals(p.id()))
                .map(p -> value(p.value()).longValue())
                .findFirst().orElse(-1L);
    }

    private static long exact(PiCriterion match, PiMatchFieldId field) {
        Optional<PiFieldMatch> fieldMatch = match.fieldMatch(field);
        if (fieldMatch.isEmpty() || !(fieldMatch.get() instanceof PiExactFieldMatch)) {
            return -1;
        }
        return value(((PiExactFieldMatch) fieldMatch.get()).value()).longValue();
    }

    private static BigInteger value(ImmutableByteSequence bytes) {
        return new BigInteger(1, bytes.asArray());
    }
}
