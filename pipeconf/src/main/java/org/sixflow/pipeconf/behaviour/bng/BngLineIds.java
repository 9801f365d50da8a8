// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiFieldMatch;

import java.math.BigInteger;
import java.util.BitSet;
import java.util.Optional;

import static org.sixflow.pipeconf.P4Defines.BNG_LINES;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_C_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_S_TAG;
import static org.sixflow.pipeconf.P4InfoConstants.LINE_ID;

/**
 * Line ids come from the device's line map: a line (port, S-tag, C-tag) keeps the id its entry
 * has; a new one gets the lowest id no entry uses (1..BNG_LINES; 0 is "no line" in the data
 * plane). The device's entries are the only record, so ids survive a controller restart.
 */
final class BngLineIds {

    private BngLineIds() {
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
     * Returns the id of a line: the one its entry has, else the lowest free one.
     *
     * @param lineMap the device's line map entries
     * @param port    the line's port
     * @param sVid    its S-tag (0: none)
     * @param cVid    its C-tag (0: none)
     * @return 1..BNG_LINES
     * @throws BngProgrammableException when every id is taken
     */
    static int idFor(Iterable<? extends FlowRule> lineMap, PortNumber port, int sVid, int cVid)
            throws BngProgrammableException {
        BitSet used = new BitSet(BNG_LINES + 1);
        for (FlowRule rule : lineMap) {
            Optional<Integer> mine = of(rule, port, sVid, cVid);
            if (mine.isPresent()) {
                return mine.get();
            }
            lineId(rule).ifPresent(used::set);
        }
        int free = used.nextClearBit(1);
        if (free > BNG_LINES) {
            throw new BngProgrammableException("all " + BNG_LINES + " line ids are in use on this device");
        }
        return free;
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
