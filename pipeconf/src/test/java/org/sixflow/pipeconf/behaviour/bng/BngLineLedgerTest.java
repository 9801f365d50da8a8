// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.behaviour.bng;

import org.junit.After;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.BngProgrammable.BngProgrammableException;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Line ids handed out before ONOS's store shows their entries: lines set up together get ids
 * of their own, a line asked again keeps its id, a released id is free again once its entries
 * are gone, and the entries stay the record for lines this controller did not hand out.
 */
public class BngLineLedgerTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:ledger");
    private static final PortNumber PORT = PortNumber.portNumber(1);
    private static final BngLineIds.Record MAP = BngLineIds.Record.LINE_MAP;
    private static final BngAttachmentRules RULES = new BngAttachmentRules(
            DEVICE, BundledPipeconfs.bmv2("bng").pipelineModel(), PORT,
            org.onlab.packet.MacAddress.valueOf("00:aa:00:00:00:01"));

    @After
    public void forget() {
        BngLineLedger.forget(DEVICE);
    }

    private static FlowRule line(int sVid, int cVid, int lineId) throws BngProgrammableException {
        return RULES.lineMap(TestAttachment.pppoe(sVid, cVid, "100.64.0.1", 1), lineId).get(0);
    }

    @Test
    public void linesSetUpBeforeTheStoreShowsThemGetIdsOfTheirOwn() throws Exception {
        BngLineLedger ledger = BngLineLedger.of(DEVICE);
        // The store lags: it shows none of the lines being set up.
        assertEquals(1, ledger.idFor(List.of(), MAP, PORT, 200, 1));
        assertEquals(2, ledger.idFor(List.of(), MAP, PORT, 200, 2));
        // A session's second address on the same line: the same id.
        assertEquals(1, ledger.idFor(List.of(), MAP, PORT, 200, 1));
        assertEquals(Optional.of(2), ledger.known(MAP, PORT, 200, 2));
        assertEquals(Optional.empty(), ledger.known(MAP, PORT, 200, 3));
    }

    @Test
    public void theEntriesStayTheRecordBesideTheLedger() throws Exception {
        BngLineLedger ledger = BngLineLedger.of(DEVICE);
        List<FlowRule> entries = List.of(line(100, 7, 1), line(100, 8, 3));
        assertEquals(3, ledger.idFor(entries, MAP, PORT, 100, 8));
        assertEquals(2, ledger.idFor(entries, MAP, PORT, 100, 9));
        assertEquals(4, ledger.idFor(entries, MAP, PORT, 100, 10));
    }

    @Test
    public void aReleasedIdIsFreeOnceItsEntriesAreGone() throws Exception {
        BngLineLedger ledger = BngLineLedger.of(DEVICE);
        assertEquals(1, ledger.idFor(List.of(), MAP, PORT, 200, 1));
        assertEquals(2, ledger.idFor(List.of(), MAP, PORT, 200, 2));
        ledger.release(MAP, PORT, 200, 1);
        // Its entries are still in the store (being removed): the id is not handed out yet.
        assertEquals(3, ledger.idFor(List.of(line(200, 1, 1)), MAP, PORT, 200, 3));
        // Gone from the store too: free again.
        assertEquals(1, ledger.idFor(List.of(), MAP, PORT, 200, 4));
    }

    @Test
    public void concurrentSetUpsNeverShareAnId() throws Exception {
        BngLineLedger ledger = BngLineLedger.of(DEVICE);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> ids = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                int cVid = i % 4000 + 1;
                int sVid = 200 + i / 4000;
                ids.add(pool.submit(() -> ledger.idFor(List.of(), MAP, PORT, sVid, cVid)));
            }
            Set<Integer> distinct = new HashSet<>();
            for (Future<Integer> id : ids) {
                distinct.add(id.get());
            }
            assertEquals(1000, distinct.size());
            assertTrue(distinct.contains(1) && distinct.contains(1000));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    public void afterEveryIdIsHandedOutANewLineIsRefused() throws Exception {
        BngLineLedger ledger = BngLineLedger.of(DEVICE);
        for (int id = 1; id <= P4Defines.BNG_LINES; id++) {
            ledger.idFor(List.of(), MAP, PORT, id / 4000 + 1, id % 4000 + 1);
        }
        try {
            ledger.idFor(List.of(), MAP, PORT, 4000, 4000);
            fail("handed out more than " + P4Defines.BNG_LINES + " lines");
        } catch (BngProgrammableException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(String.valueOf(P4Defines.BNG_LINES)));
        }
    }

    @Test
    public void devicesHaveLedgersOfTheirOwn() throws Exception {
        DeviceId other = DeviceId.deviceId("device:ledger-other");
        try {
            assertEquals(1, BngLineLedger.of(DEVICE).idFor(List.of(), MAP, PORT, 200, 1));
            assertEquals(1, BngLineLedger.of(other).idFor(List.of(), MAP, PORT, 200, 2));
            BngLineLedger.forget(DEVICE);
            assertEquals(Optional.empty(), BngLineLedger.of(DEVICE).known(MAP, PORT, 200, 1));
        } finally {
            BngLineLedger.forget(other);
        }
    }
}
