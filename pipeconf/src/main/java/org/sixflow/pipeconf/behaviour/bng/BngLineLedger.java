// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.flow.FlowRule;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static org.sixflow.pipeconf.P4Defines.BNG_LINES;

/**
 * The line ids this controller has handed out on each device and not yet taken back. ONOS's flow
 * rule service writes a rule into its store on its own executor, after {@code applyFlowRules}
 * returns: the device's entries alone (BngLineIds) do not show a line set up a moment ago, so two
 * sessions coming up together both took the lowest free id (seen at 100 sessions in the lab: one
 * line's downstream went to the other's subscriber), and a session's second address could get a
 * second id. Allocation therefore counts the ids handed out here besides the entries, one device
 * at a time. The entries stay the record across restarts: a line already in them keeps its id.
 */
final class BngLineLedger {

    private static final Map<DeviceId, BngLineLedger> DEVICES = new ConcurrentHashMap<>();

    private final Map<Line, Integer> handedOut = new HashMap<>();

    /** The ledger of a device (one per device, for this controller's life). */
    static BngLineLedger of(DeviceId device) {
        return DEVICES.computeIfAbsent(device, d -> new BngLineLedger());
    }

    /** Forgets a device's lines (its entries are all being removed). */
    static void forget(DeviceId device) {
        DEVICES.remove(device);
    }

    /**
     * Returns the id of a line: handed out here before, else the one the entries give it, else
     * the lowest id neither the entries nor this ledger use; the line keeps it until released.
     *
     * @param entries the device's entries of the table that records its lines
     * @param record  which table that is
     * @param port    the line's port on this device
     * @param sVid    its S-tag (0: none)
     * @param cVid    its C-tag (0: none)
     * @return 1..BNG_LINES
     * @throws BngProgrammableException when every id is taken
     */
    synchronized int idFor(Iterable<? extends FlowRule> entries, BngLineIds.Record record, PortNumber port,
                           int sVid, int cVid) throws BngProgrammableException {
        Line line = new Line(record, port, sVid, cVid);
        Integer known = handedOut.get(line);
        if (known != null) {
            return known;
        }
        BitSet used = new BitSet(BNG_LINES + 1);
        handedOut.forEach((other, id) -> {
            if (other.record == record) {
                used.set(id);
            }
        });
        int id = -1;
        for (FlowRule rule : entries) {
            Optional<Integer> mine = BngLineIds.find(rule, record, port, sVid, cVid);
            if (mine.isPresent()) {
                id = mine.get();
                break;
            }
            BngLineIds.idOf(rule, record).ifPresent(used::set);
        }
        if (id < 0) {
            id = used.nextClearBit(1);
            if (id > BNG_LINES) {
                throw new BngProgrammableException("all " + BNG_LINES + " line ids are in use on this device");
            }
        }
        handedOut.put(line, id);
        return id;
    }

    /**
     * The id handed out here for a line, if any.
     *
     * @param record which table records the device's lines
     * @param port   the line's port
     * @param sVid   its S-tag
     * @param cVid   its C-tag
     * @return its id
     */
    synchronized Optional<Integer> known(BngLineIds.Record record, PortNumber port, int sVid, int cVid) {
        return Optional.ofNullable(handedOut.get(new Line(record, port, sVid, cVid)));
    }

    /**
     * Takes a line's id back (its entries are being removed).
     *
     * @param record which table records the device's lines
     * @param port   the line's port
     * @param sVid   its S-tag
     * @param cVid   its C-tag
     */
    synchronized void release(BngLineIds.Record record, PortNumber port, int sVid, int cVid) {
        handedOut.remove(new Line(record, port, sVid, cVid));
    }

    private static final class Line {
        final BngLineIds.Record record;
        final PortNumber port;
        final int sVid;
        final int cVid;

        Line(BngLineIds.Record record, PortNumber port, int sVid, int cVid) {
            this.record = record;
            this.port = port;
            this.sVid = sVid;
            this.cVid = cVid;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Line)) {
                return false;
            }
            Line other = (Line) o;
            return record == other.record && port.equals(other.port) && sVid == other.sVid && cVid == other.cVid;
        }

        @Override
        public int hashCode() {
            return Objects.hash(record, port, sVid, cVid);
        }
    }
}
