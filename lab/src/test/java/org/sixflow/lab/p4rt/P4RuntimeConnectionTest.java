// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.p4rt;

import com.google.protobuf.ByteString;
import io.grpc.Status;
import org.junit.Test;
import org.sixflow.lab.testing.FakeP4RuntimeSwitch;
import p4.config.v1.P4InfoOuterClass.P4Info;
import p4.v1.P4RuntimeOuterClass.Entity;
import p4.v1.P4RuntimeOuterClass.PacketIn;
import p4.v1.P4RuntimeOuterClass.PacketOut;
import p4.v1.P4RuntimeOuterClass.TableEntry;
import p4.v1.P4RuntimeOuterClass.Update;

import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.lab.testing.Await.until;

/**
 * The P4Runtime client against a fake server: mastership, pipeline cookie, per-update write
 * results, reads, packet I/O, and a server that is not there.
 */
public class P4RuntimeConnectionTest {

    private static Update insert(int table, int value) {
        return Update.newBuilder().setType(Update.Type.INSERT).setEntity(Entity.newBuilder().setTableEntry(
                TableEntry.newBuilder().setTableId(table).setPriority(value).setControllerMetadata(value))).build();
    }

    /** Collects what the stream reports. */
    private static final class Heard implements P4RuntimeConnection.Listener {
        final List<PacketIn> packets = new CopyOnWriteArrayList<>();
        final List<String> closed = new CopyOnWriteArrayList<>();

        @Override
        public void packetIn(PacketIn packet) {
            packets.add(packet);
        }

        @Override
        public void mastershipChanged(boolean master) {
        }

        @Override
        public void streamClosed(String reason) {
            closed.add(reason);
        }
    }

    @Test
    public void writesReportEachUpdateAndTheSessionCarriesPackets() throws Exception {
        try (FakeP4RuntimeSwitch fake = new FakeP4RuntimeSwitch()) {
            Heard heard = new Heard();
            P4RuntimeConnection connection = new P4RuntimeConnection(
                    "device:test", P4RuntimeConnection.channel("127.0.0.1", fake.port()), 1, 7, heard);
            assertTrue(connection.openStream().get(10, TimeUnit.SECONDS));
            assertTrue(connection.isMaster());
            assertEquals(java.util.Optional.empty(), connection.pipelineCookie());
            connection.setPipelineConfig(P4Info.getDefaultInstance(), ByteString.copyFromUtf8("{}"), 42);
            assertEquals(java.util.Optional.of(42L), connection.pipelineCookie());

            assertTrue(connection.write(List.of(insert(1, 1), insert(1, 2))).allOk());
            fake.refusedTables.add(2);
            WriteResult result = connection.write(List.of(insert(1, 1), insert(2, 3), insert(1, 4)));
            assertEquals(List.of(Status.Code.ALREADY_EXISTS, Status.Code.INVALID_ARGUMENT, Status.Code.OK),
                         List.of(result.status(0).code(), result.status(1).code(), result.status(2).code()));
            assertEquals(2, result.failures());
            assertEquals(3, connection.read(List.of(Entity.newBuilder().setTableEntry(TableEntry.newBuilder())
                                                            .build())).size());

            connection.packetOut(PacketOut.newBuilder().setPayload(ByteString.copyFromUtf8("out")).build());
            until("packet-out", () -> fake.packetOuts.size() == 1);
            fake.packetIn(PacketIn.newBuilder().setPayload(ByteString.copyFromUtf8("in")).build());
            until("packet-in", () -> heard.packets.size() == 1);

            fake.dropStreams();
            until("stream closed", () -> heard.closed.size() == 1);
            assertTrue(!connection.isMaster() && !connection.isStreamOpen());
            connection.close();
        }
    }

    @Test
    public void aServerThatIsNotThereFailsTheWholeCall() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        P4RuntimeConnection connection = new P4RuntimeConnection(
                "device:gone", P4RuntimeConnection.channel("127.0.0.1", port), 1, 7, new Heard());
        try {
            connection.write(List.of(insert(1, 1)));
            fail("wrote to nothing");
        } catch (P4RuntimeException e) {
            assertEquals(Status.Code.UNAVAILABLE, e.code());
            assertTrue(e.getMessage(), e.getMessage().contains("device:gone"));
        } finally {
            connection.close();
        }
    }
}
