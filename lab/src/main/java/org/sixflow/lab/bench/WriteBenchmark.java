// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.bench;

import com.google.protobuf.ByteString;
import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.TextFormat;
import org.onlab.packet.Ip6Address;
import org.sixflow.lab.p4rt.P4RuntimeConnection;
import org.sixflow.lab.p4rt.WriteResult;
import org.sixflow.pipeconf.PipeconfArtifacts;
import org.sixflow.pipeconf.PipeconfFactory;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.SixflowPipeconfs;
import p4.config.v1.P4InfoOuterClass.Action;
import p4.config.v1.P4InfoOuterClass.MatchField;
import p4.config.v1.P4InfoOuterClass.P4Info;
import p4.config.v1.P4InfoOuterClass.Table;
import p4.v1.P4RuntimeOuterClass.Entity;
import p4.v1.P4RuntimeOuterClass.FieldMatch;
import p4.v1.P4RuntimeOuterClass.PacketIn;
import p4.v1.P4RuntimeOuterClass.TableAction;
import p4.v1.P4RuntimeOuterClass.TableEntry;
import p4.v1.P4RuntimeOuterClass.Update;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.GROUP;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_SID;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;

/**
 * What one bmv2 (simple_switch_grpc, started here with the full profile pushed) takes over
 * P4Runtime with no controller in the way: rounds of inserting then deleting full routing_v6
 * (LPM) and msr6_sid_group (128-bit exact) tables, {@value #CHUNK} updates per WriteRequest, then
 * the same entries one per request. The ceiling any controller's writes to bmv2 meet; what ONOS
 * adds on top is measured by the lab benchmark as trees going live. Prints entries per second;
 * exits 1 when the switch refuses an update. Needs simple_switch_grpc and root.
 *
 * <p>Arguments: [rounds (default 3)] [entries per table, at most the smaller of the two tables'
 * sizes in the bmv2 P4Info (the default)].
 */
public final class WriteBenchmark {

    /** Updates per WriteRequest: a few hundred bytes each, well under gRPC's 4 MB. */
    static final int CHUNK = 4000;
    private static final long DEVICE_ID = 1;

    private WriteBenchmark() {
    }

    /**
     * Runs the benchmark; exits 1 on any failure.
     *
     * @param args [rounds [entries per table]]
     */
    public static void main(String[] args) {
        try {
            run(args);
        } catch (Exception | Error e) {
            e.printStackTrace();
            System.exit(1);
        }
        System.exit(0);
    }

    private static void run(String[] args) throws Exception {
        PipeconfArtifacts artifacts = PipeconfArtifacts.ofResources(
                PipeconfFactory.class, SixflowPipeconfs.bundleFolder(SixflowPipeconfs.FULL_PROFILE, PipeconfTarget.BMV2));
        P4Info p4Info = p4Info(artifacts);
        byte[] bmv2Json;
        try (InputStream in = artifacts.require(SixflowPipeconfs.BMV2_JSON_FILE).openStream()) {
            bmv2Json = in.readAllBytes();
        }
        Table routes = table(p4Info, SIXFLOW_INGRESS_ROUTING_ROUTING_V6.id());
        Table sids = table(p4Info, SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP.id());
        int capacity = Math.toIntExact(Math.min(routes.getSize(), sids.getSize()));
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int perTable = args.length > 1 ? Math.min(capacity, Integer.parseInt(args[1])) : capacity;
        try (Bmv2Process bmv2 = Bmv2Process.start("bench", DEVICE_ID);
             P4RuntimeConnection session = new P4RuntimeConnection(
                     "device:bench", P4RuntimeConnection.channel("127.0.0.1", bmv2.grpcPort()), DEVICE_ID, 1,
                     new Quiet())) {
            if (!session.openStream().get(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("another client is master of the benchmark's switch");
            }
            session.setPipelineConfig(p4Info, ByteString.copyFrom(bmv2Json), 1);
            List<TableEntry> entries = entries(p4Info, routes, sids, perTable);
            System.out.printf("WriteBenchmark: %d entries per round (%d routing_v6 LPM + %d msr6_sid_group exact) "
                                      + "to one simple_switch_grpc over P4Runtime, %d per request, %d rounds%n",
                              entries.size(), perTable, perTable, CHUNK, rounds);
            for (int round = 1; round <= rounds; round++) {
                double insert = write(session, entries, Update.Type.INSERT, CHUNK);
                double delete = write(session, entries, Update.Type.DELETE, CHUNK);
                System.out.printf("  round %d batched: insert %,.0f entries/s (%.2f s), delete %,.0f entries/s "
                                          + "(%.2f s)%n", round, entries.size() / insert, insert,
                                  entries.size() / delete, delete);
            }
            List<TableEntry> few = entries.subList(0, Math.min(1000, entries.size()));
            double single = write(session, few, Update.Type.INSERT, 1);
            System.out.printf("  one entry per request: insert %,.0f entries/s (%d entries, %.2f s)%n",
                              few.size() / single, few.size(), single);
        }
    }

    /** Writes the entries in requests of at most {@code chunk} updates; seconds taken. */
    private static double write(P4RuntimeConnection session, List<TableEntry> entries, Update.Type type, int chunk)
            throws Exception {
        long start = System.nanoTime();
        for (int from = 0; from < entries.size(); from += chunk) {
            List<Update> updates = new ArrayList<>();
            for (TableEntry entry : entries.subList(from, Math.min(entries.size(), from + chunk))) {
                updates.add(Update.newBuilder().setType(type).setEntity(Entity.newBuilder().setTableEntry(entry)).build());
            }
            WriteResult result = session.write(updates);
            if (!result.allOk()) {
                throw new IllegalStateException(type + ": the switch refused " + result.failures() + " of "
                                                        + updates.size() + " updates: " + result);
            }
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static List<TableEntry> entries(P4Info p4Info, Table routes, Table sids, int perTable) {
        Action nextHop = action(p4Info, SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP.id());
        Action replicate = action(p4Info, SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE.id());
        TableAction toNextHop = TableAction.newBuilder().setAction(p4.v1.P4RuntimeOuterClass.Action.newBuilder()
                .setActionId(nextHop.getPreamble().getId())
                .addParams(param(nextHop, PORT.id(), 1))
                .addParams(param(nextHop, SMAC.id(), 0x00aa00000001L))
                .addParams(param(nextHop, DMAC.id(), 0x00aa00000002L))).build();
        int dstField = field(routes, HDR_IPV6_DST.id()).getId();
        int sidField = field(sids, HDR_SID.id()).getId();
        List<TableEntry> entries = new ArrayList<>();
        for (int i = 0; i < perTable; i++) {
            byte[] prefix = Ip6Address.valueOf("fd00::").toOctets();
            prefix[2] = (byte) (i >> 8);
            prefix[3] = (byte) i;
            entries.add(TableEntry.newBuilder().setTableId(routes.getPreamble().getId())
                                .addMatch(FieldMatch.newBuilder().setFieldId(dstField).setLpm(
                                        FieldMatch.LPM.newBuilder().setValue(ByteString.copyFrom(prefix)).setPrefixLen(64)))
                                .setAction(toNextHop).build());
            byte[] sid = Ip6Address.valueOf("fd00:0:1::").toOctets();
            sid[14] = (byte) (i >> 8);
            sid[15] = (byte) i;
            entries.add(TableEntry.newBuilder().setTableId(sids.getPreamble().getId())
                                .addMatch(FieldMatch.newBuilder().setFieldId(sidField).setExact(
                                        FieldMatch.Exact.newBuilder().setValue(ByteString.copyFrom(sid))))
                                .setAction(TableAction.newBuilder().setAction(
                                        p4.v1.P4RuntimeOuterClass.Action.newBuilder()
                                                .setActionId(replicate.getPreamble().getId())
                                                .addParams(param(replicate, GROUP.id(), 1 + i % 1000))))
                                .build());
        }
        return entries;
    }

    private static P4Info p4Info(PipeconfArtifacts artifacts) throws Exception {
        try (InputStreamReader reader = new InputStreamReader(
                artifacts.require(SixflowPipeconfs.P4INFO_FILE).openStream(), StandardCharsets.UTF_8)) {
            P4Info.Builder builder = P4Info.newBuilder();
            TextFormat.getParser().merge(reader, ExtensionRegistry.getEmptyRegistry(), builder);
            return builder.build();
        }
    }

    private static Table table(P4Info p4Info, String name) {
        return p4Info.getTablesList().stream().filter(t -> t.getPreamble().getName().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no table " + name + " in the P4Info"));
    }

    private static Action action(P4Info p4Info, String name) {
        return p4Info.getActionsList().stream().filter(a -> a.getPreamble().getName().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no action " + name + " in the P4Info"));
    }

    private static MatchField field(Table table, String name) {
        return table.getMatchFieldsList().stream().filter(f -> f.getName().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no match field " + name + " in "
                                                                     + table.getPreamble().getName()));
    }

    private static p4.v1.P4RuntimeOuterClass.Action.Param param(Action action, String name, long value) {
        Action.Param param = action.getParamsList().stream().filter(p -> p.getName().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no parameter " + name + " in "
                                                                     + action.getPreamble().getName()));
        return p4.v1.P4RuntimeOuterClass.Action.Param.newBuilder().setParamId(param.getId())
                .setValue(canonical(value)).build();
    }

    /** P4Runtime's canonical byte string: big-endian, no leading zero octets (one octet for 0). */
    static ByteString canonical(long value) {
        byte[] bytes = BigInteger.valueOf(value).toByteArray();
        int first = 0;
        while (first < bytes.length - 1 && bytes[first] == 0) {
            first++;
        }
        return ByteString.copyFrom(Arrays.copyOfRange(bytes, first, bytes.length));
    }

    /** The benchmark's session hears nothing it needs. */
    private static final class Quiet implements P4RuntimeConnection.Listener {
        @Override
        public void packetIn(PacketIn packet) {
        }

        @Override
        public void mastershipChanged(boolean master) {
        }

        @Override
        public void streamClosed(String reason) {
        }
    }
}
