// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.p4runtime;

import org.junit.Test;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.onosproject.net.pi.runtime.PiCounterCellHandle;
import org.onosproject.net.pi.runtime.PiCounterCellId;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiMatchKey;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.onosproject.p4runtime.api.P4RuntimeReadClient;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Tests the simulated switch's P4Runtime client: counter cells set and read back. */
public class SimP4RuntimeClientTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:s1");
    private static final long P4_DEVICE_ID = 1;
    private static final PiCounterId ENCAP = PiCounterId.of("SixflowIngress.gtpu.gtpu_encap_counter");
    private static final PiCounterId DECAP = PiCounterId.of("SixflowIngress.gtpu.gtpu_decap_counter");
    private static final PiTableId TABLE = PiTableId.of("SixflowIngress.acl.acl");

    private final SimP4RuntimeClient client = new SimP4RuntimeClient(DEVICE);
    private final PiPipeconf pipeconf = Pipeconfs.unused();

    @Test
    public void indirectCellReadsBackThroughCounterCells() {
        PiCounterCellId cellId = PiCounterCellId.ofIndirect(ENCAP, 7);
        client.setCounterCell(cellId, new PiCounterCellData(10, 1500));

        P4RuntimeReadClient.ReadResponse response = client.read(P4_DEVICE_ID, pipeconf).counterCells(ENCAP)
                .submitSync();

        assertTrue(response.isSuccess());
        assertNull(response.explanation());
        assertNull(response.throwable());
        PiCounterCell expected = new PiCounterCell(cellId, 10, 1500);
        assertEquals(List.of(expected), List.copyOf(response.all(PiCounterCell.class)));
        assertEquals(List.of(expected), List.copyOf(response.all()));
    }

    @Test
    public void counterReadAnswersEverySetCellOfThatCounterByIndex() {
        client.setCounterCell(PiCounterCellId.ofIndirect(ENCAP, 9), new PiCounterCellData(9, 90));
        client.setCounterCell(PiCounterCellId.ofIndirect(ENCAP, 2), new PiCounterCellData(2, 20));
        client.setCounterCell(PiCounterCellId.ofIndirect(DECAP, 2), new PiCounterCellData(5, 50));
        client.setCounterCell(PiCounterCellId.ofIndirect(ENCAP, 2), new PiCounterCellData(3, 30));

        List<PiCounterCell> cells = List.copyOf(client.read(P4_DEVICE_ID, pipeconf).counterCells(ENCAP)
                                                        .submitSync().all(PiCounterCell.class));

        assertEquals(List.of(new PiCounterCell(PiCounterCellId.ofIndirect(ENCAP, 2), 3, 30),
                             new PiCounterCell(PiCounterCellId.ofIndirect(ENCAP, 9), 9, 90)), cells);
        assertEquals(3, client.read(P4_DEVICE_ID, pipeconf).counterCells(List.of(ENCAP, DECAP))
                .submitSync().all(PiCounterCell.class).size());
    }

    @Test
    public void handlesReadUnsetCellsOfTheCountersAsZero() {
        client.setCounterCell(PiCounterCellId.ofIndirect(ENCAP, 3), new PiCounterCellData(4, 400));
        List<PiCounterCellHandle> handles = List.of(
                PiCounterCellHandle.of(DEVICE, PiCounterCellId.ofIndirect(ENCAP, 3)),
                PiCounterCellHandle.of(DEVICE, PiCounterCellId.ofIndirect(ENCAP, 4)),
                PiCounterCellHandle.of(DEVICE, PiCounterCellId.ofIndirect(ENCAP, 8)),
                PiCounterCellHandle.of(DEVICE, PiCounterCellId.ofIndirect(DECAP, 3)));

        P4RuntimeReadClient.ReadResponse response = client.read(P4_DEVICE_ID, Pipeconfs.withCounters(
                Map.of(ENCAP, 8L))).handles(handles).submitSync();

        // ENCAP has cells 0..7, the pipeline no DECAP: a switch would answer those two with errors.
        assertTrue(response.isSuccess());
        assertEquals(List.of(new PiCounterCell(PiCounterCellId.ofIndirect(ENCAP, 3), 4, 400),
                             new PiCounterCell(PiCounterCellId.ofIndirect(ENCAP, 4), 0, 0)),
                     List.copyOf(response.all(PiCounterCell.class)));
    }

    @Test
    public void directCellReadsBackByTableAndByHandleWhateverTheAction() {
        PiTableEntry entry = entry(1, "drop");
        client.setCounterCell(PiCounterCellId.ofDirect(entry), new PiCounterCellData(6, 600));

        List<PiCounterCell> byTable = List.copyOf(client.read(P4_DEVICE_ID, pipeconf).directCounterCells(TABLE)
                                                          .submitSync().all(PiCounterCell.class));
        // A handle's entry names the same match and priority but another action: still the same entry.
        PiCounterCellHandle handle = PiCounterCellHandle.of(DEVICE, PiCounterCellId.ofDirect(entry(1, "allow")));
        PiCounterCellHandle other = PiCounterCellHandle.of(DEVICE, PiCounterCellId.ofDirect(entry(2, "drop")));
        List<PiCounterCell> byHandle = List.copyOf(client.read(P4_DEVICE_ID, pipeconf).handle(handle).handle(other)
                                                           .submitSync().all(PiCounterCell.class));

        PiCounterCell expected = new PiCounterCell(PiCounterCellId.ofDirect(entry), 6, 600);
        assertEquals(List.of(expected), byTable);
        assertEquals(List.of(expected), byHandle);
        assertTrue(client.read(P4_DEVICE_ID, pipeconf).counterCells(ENCAP).submitSync().all().isEmpty());
    }

    @Test
    public void unsetCountersAndEntitiesNotHeldReadEmpty() {
        P4RuntimeReadClient.ReadResponse response = client.read(P4_DEVICE_ID, pipeconf)
                .counterCells(ENCAP).directCounterCells(TABLE).tableEntries(TABLE).allTableEntries()
                .meterCells(PiMeterId.of("SixflowIngress.meter")).submitSync();

        assertTrue(response.isSuccess());
        assertTrue(response.all().isEmpty());
        assertTrue(response.all(PiCounterCell.class).isEmpty());
    }

    @Test
    public void readsTheCellsAtSubmitAndClearForgetsThem() throws Exception {
        P4RuntimeReadClient.ReadRequest request = client.read(P4_DEVICE_ID, pipeconf).counterCells(ENCAP);
        client.setCounterCell(PiCounterCellId.ofIndirect(ENCAP, 0), new PiCounterCellData(1, 64));

        CompletableFuture<P4RuntimeReadClient.ReadResponse> future = request.submit();

        assertTrue(future.isDone());
        assertEquals(List.of(1L), future.get().all(PiCounterCell.class).stream().map(c -> c.data().packets())
                .collect(Collectors.toList()));
        assertTrue(future.get().all(PiTableEntry.class).isEmpty());
        client.clear();
        assertTrue(client.read(P4_DEVICE_ID, pipeconf).counterCells(ENCAP).submitSync().all().isEmpty());
    }

    @Test
    public void sessionIsOpenAndMastershipIsWhatWasSet() {
        assertTrue(client.isServerReachable());
        assertTrue(client.probeService().join());
        assertTrue(client.isSessionOpen(P4_DEVICE_ID));
        assertFalse(client.isMaster(P4_DEVICE_ID));
        client.setMastership(P4_DEVICE_ID, true, BigInteger.ONE);
        assertTrue(client.isMaster(P4_DEVICE_ID));
        client.closeSession(P4_DEVICE_ID);
        assertFalse(client.isMaster(P4_DEVICE_ID));
        client.shutdown();
    }

    @Test
    public void writesModifyCounterCells() {
        PiCounterCellId cell = PiCounterCellId.ofIndirect(ENCAP, 2);
        client.setCounterCell(cell, new PiCounterCellData(9, 900));

        P4RuntimeWriteClient.WriteRequest write = client.write(P4_DEVICE_ID, pipeconf)
                .withAtomicity(P4RuntimeWriteClient.Atomicity.CONTINUE_ON_ERROR)
                .modify(List.of(new PiCounterCell(cell, 0, 0)));
        assertEquals(1, write.pendingUpdates().size());
        P4RuntimeWriteClient.WriteResponse response = write.submitSync();

        assertTrue(response.isSuccess());
        assertEquals(P4RuntimeWriteClient.EntityUpdateStatus.OK, response.all().iterator().next().status());
        assertEquals(List.of(new PiCounterCell(cell, 0, 0)), List.copyOf(
                client.read(P4_DEVICE_ID, pipeconf).counterCells(ENCAP).submitSync().all(PiCounterCell.class)));
        P4RuntimeWriteClient.WriteResponse refused = client.write(P4_DEVICE_ID, pipeconf)
                .insert(new PiCounterCell(cell, 1, 1)).delete(PiCounterCellHandle.of(DEVICE, cell)).submitSync();
        assertFalse(refused.isSuccess());
        assertEquals(2, refused.failed().size());
        assertTrue(refused.failed().iterator().next().explanation().contains("only be modified"));
    }

    @Test
    public void writesOfAnythingElseAreNotSimulated() {
        try {
            client.write(P4_DEVICE_ID, pipeconf).insert(entry(1, "drop"));
            fail("table entries are not simulated");
        } catch (UnsupportedOperationException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("device:s1"));
            assertTrue(e.getMessage(), e.getMessage().contains("TABLE_ENTRY"));
        }
        try {
            client.setPipelineConfig(P4_DEVICE_ID, pipeconf, ByteBuffer.allocate(0));
            fail("pipeline config is not simulated");
        } catch (UnsupportedOperationException e) {
            assertTrue(e.getMessage().contains("not simulated"));
        }
    }

    private static PiTableEntry entry(int port, String action) {
        return PiTableEntry.builder().forTable(TABLE)
                .withMatchKey(PiMatchKey.builder().addFieldMatch(new PiExactFieldMatch(
                        PiMatchFieldId.of("standard_metadata.ingress_port"),
                        ImmutableByteSequence.copyFrom((short) port))).build())
                .withAction(PiAction.builder().withId(PiActionId.of("SixflowIngress.acl." + action)).build())
                .build();
    }
}
