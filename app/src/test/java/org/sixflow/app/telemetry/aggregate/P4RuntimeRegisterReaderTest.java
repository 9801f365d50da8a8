// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import io.grpc.ManagedChannel;
import io.grpc.inprocess.InProcessChannelBuilder;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import p4.v1.P4RuntimeOuterClass.ReadRequest;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/**
 * The direct register read against an in-process P4Runtime server: one request with every cell
 * of the slots asked, between two reads of the sum's high word (a carry between them lands on
 * the right side), the device id of the endpoint, big-endian values of any width; a server that
 * reads no registers is told apart from one that fails.
 */
public class P4RuntimeRegisterReaderTest {

    private static final DeviceId LEAF = DeviceId.deviceId("device:leaf1");

    private final AggregateLayout layout = AggregateLayout.of(BundledPipeconfs.bmv2()).orElseThrow();
    private FakeP4RuntimeServer server;
    private ManagedChannel channel;
    private P4RuntimeRegisterReader reader;

    @Before
    public void setUp() throws Exception {
        server = new FakeP4RuntimeServer("p4rt-leaf1");
        channel = InProcessChannelBuilder.forName("p4rt-leaf1").directExecutor().build();
        reader = new P4RuntimeRegisterReader(
                id -> Optional.of(new P4RuntimeRegisterReader.Endpoint(channel, 7)), Duration.ofSeconds(5));
    }

    @After
    public void tearDown() {
        channel.shutdownNow();
        server.close();
    }

    @Test
    public void readsEveryCellOfTheSlotsInOneRequestBetweenTwoReadsOfTheHighWord() throws Exception {
        int slot = layout.slot(3, 4);
        int high = layout.sumHighRegisterId().orElseThrow();
        server.set(layout.sumRegisterId(), slot, 1);
        server.set(high, slot, 1);
        server.set(layout.minRegisterId(), slot, 6);
        server.set(layout.maxRegisterId(), slot, 250);
        for (int b = 0; b < 8; b++) {
            server.set(layout.histogramRegisterId(), (long) slot * 8 + b, b * 10);
        }
        List<SlotRegisters> read = reader.read(LEAF, layout, List.of(slot, layout.slot(0, 1)));

        assertEquals(SlotRegisters.of(slot, 0x1_0000_0001L, 6, 250, 0, 10, 20, 30, 40, 50, 60, 70), read.get(0));
        assertEquals(SlotRegisters.of(layout.slot(0, 1), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), read.get(1));
        assertEquals(3, server.requests.size());
        assertEquals(7, server.requests.get(1).getDeviceId());
        assertEquals(2 * (3 + 8), server.requests.get(1).getEntitiesCount());
        for (int i : new int[]{0, 2}) {
            ReadRequest around = server.requests.get(i);
            assertEquals(2, around.getEntitiesCount());
            assertEquals(high, around.getEntities(0).getRegisterEntry().getRegisterId());
        }
    }

    @Test
    public void aCarryBetweenTheReadsLandsOnTheRightSideOfTheLowWord() throws Exception {
        int slot = layout.slot(1, 2);
        int high = layout.sumHighRegisterId().orElseThrow();
        // The low word wraps right after the high word is read: it reads small, the high word
        // then has the carry.
        server.set(high, slot, 5);
        server.set(layout.sumRegisterId(), slot, 0xFFFF_FFF0L);
        server.afterRequest = n -> {
            if (n == 1) {
                server.set(layout.sumRegisterId(), slot, 0x10);
                server.set(high, slot, 6);
            }
        };
        assertEquals(6L << 32 | 0x10, reader.read(LEAF, layout, List.of(slot)).get(0).sum());
        // It wraps right after the low word is read: that reads large, with the high word before.
        server.requests.clear();
        server.set(high, slot, 7);
        server.set(layout.sumRegisterId(), slot, 0xFFFF_FFF0L);
        server.afterRequest = n -> {
            if (n == 2) {
                server.set(layout.sumRegisterId(), slot, 0x10);
                server.set(high, slot, 8);
            }
        };
        assertEquals(7L << 32 | 0xFFFF_FFF0L, reader.read(LEAF, layout, List.of(slot)).get(0).sum());
    }

    @Test
    public void theHighWordReadAroundTheLowOneDecidesTheSum() {
        assertEquals(3L << 32 | 9, P4RuntimeRegisterReader.sum(3, 9, 3));
        assertEquals(4L << 32 | 9, P4RuntimeRegisterReader.sum(3, 9, 4));
        assertEquals(3L << 32 | 0xFFFF_FFFEL, P4RuntimeRegisterReader.sum(3, 0xFFFF_FFFEL, 4));
    }

    @Test
    public void aServerThatReadsNoRegistersSaysSo() {
        server.readsRegisters = false;
        try {
            reader.read(LEAF, layout, List.of(layout.slot(0, 1)));
            fail("read from a server without register reads");
        } catch (RegistersUnreadableException e) {
            assertEquals("device:leaf1 does not read registers over P4Runtime: Register reads are not supported yet",
                         e.getMessage());
        } catch (AggregateReadException e) {
            fail("not told apart: " + e);
        }
    }

    @Test
    public void aDeviceWithoutChannelIsAReadFailure() {
        P4RuntimeRegisterReader noChannel = new P4RuntimeRegisterReader(id -> Optional.empty(), Duration.ofSeconds(1));
        try {
            noChannel.read(LEAF, layout, List.of(1));
            fail("read without a channel");
        } catch (RegistersUnreadableException e) {
            fail("a missing channel is not a missing feature");
        } catch (AggregateReadException e) {
            assertEquals("no P4Runtime channel to device:leaf1", e.getMessage());
        }
    }
}
