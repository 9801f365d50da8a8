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
 * of the slots asked, the device id of the endpoint, big-endian values of any width; a server
 * that reads no registers is told apart from one that fails.
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
    public void readsEveryCellOfTheSlotsInOneRequest() throws Exception {
        int slot = layout.slot(3, 4);
        server.set(layout.sumRegisterId(), slot, 0x1_0000_0001L);
        server.set(layout.minRegisterId(), slot, 6);
        server.set(layout.maxRegisterId(), slot, 250);
        for (int b = 0; b < 8; b++) {
            server.set(layout.histogramRegisterId(), (long) slot * 8 + b, b * 10);
        }
        List<SlotRegisters> read = reader.read(LEAF, layout, List.of(slot, layout.slot(0, 1)));

        assertEquals(SlotRegisters.of(slot, 0x1_0000_0001L, 6, 250, 0, 10, 20, 30, 40, 50, 60, 70), read.get(0));
        assertEquals(SlotRegisters.of(layout.slot(0, 1), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), read.get(1));
        assertEquals(1, server.requests.size());
        ReadRequest request = server.requests.get(0);
        assertEquals(7, request.getDeviceId());
        assertEquals(2 * (3 + 8), request.getEntitiesCount());
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
