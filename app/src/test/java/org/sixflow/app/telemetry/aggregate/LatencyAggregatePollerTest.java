// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import io.grpc.ManagedChannel;
import io.grpc.inprocess.InProcessChannelBuilder;
import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onlab.packet.ChassisId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.DefaultPort;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.intent.WorkPartitionServiceAdapter;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultPacketContext;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.sixflow.app.api.LatencyBatch;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyPoint;
import org.sixflow.app.api.LatencySource;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.telemetry.TelemetryManagerFixture;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.SettableClock;
import org.sixflow.app.testing.TelemetryFixture;
import org.sixflow.app.testing.TestDeviceService;
import org.sixflow.app.testing.TestPipeconfService;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The poller over a real PostgreSQL, read back through the telemetry service: a device whose
 * P4Runtime server reads registers (an in-process server with the real protos), a bmv2 device
 * that answers UNIMPLEMENTED and is then read with readout packets, deltas across polls, a
 * device mastered elsewhere, and an outage of the database that loses no row.
 */
public class LatencyAggregatePollerTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final DeviceId LEAF1 = DeviceId.deviceId("device:leaf1");
    private static final DeviceId LEAF2 = DeviceId.deviceId("device:leaf2");
    private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");
    private static HistoryDatabase db;

    private final PiPipeconf bmv2 = BundledPipeconfs.bmv2();
    private final AggregateLayout layout = AggregateLayout.of(bmv2).orElseThrow();
    private final Map<DeviceId, Map<Integer, Long>> counters = new ConcurrentHashMap<>();
    private final List<TelemetryEvent> events = new CopyOnWriteArrayList<>();
    private final Set<DeviceId> masteredElsewhere = ConcurrentHashMap.newKeySet();
    private final List<OutboundPacket> readouts = new CopyOnWriteArrayList<>();
    private final Map<Integer, SlotRegisters> dataPlane = new HashMap<>();
    private final List<DeviceId> readAll = new CopyOnWriteArrayList<>();
    private final List<Integer> asked = new CopyOnWriteArrayList<>();
    private TestDeviceService devices;
    private TelemetryManagerFixture telemetry;
    private FakeP4RuntimeServer server;
    private ManagedChannel channel;
    private LatencyAggregatePoller poller;
    private final SettableClock clock = new SettableClock(T0);
    private boolean databaseUp = true;

    @BeforeClass
    public static void openDatabase() {
        db = POSTGRES.database();
    }

    @Before
    public void setUp() throws Exception {
        TelemetryFixture.clear(db);
        telemetry = new TelemetryManagerFixture();
        telemetry.useDatabase(db);
        telemetry.manager.addListener(events::add);
        server = new FakeP4RuntimeServer("p4rt-poller");
        channel = InProcessChannelBuilder.forName("p4rt-poller").directExecutor().build();

        devices = new TestDeviceService();
        devices.addSwitch(LEAF1.toString(), true);
        devices.addSwitch(LEAF2.toString(), true);
        TestPipeconfService pipeconfs = new TestPipeconfService();
        pipeconfs.register(bmv2);
        pipeconfs.bindToDevice(bmv2.id(), LEAF1);
        pipeconfs.bindToDevice(bmv2.id(), LEAF2);

        poller = new LatencyAggregatePoller();
        poller.deviceService = devices;
        poller.pipeconfService = pipeconfs;
        poller.workPartitionService = new WorkPartitionServiceAdapter();
        poller.mastershipService = new MastershipServiceAdapter() {
            @Override
            public NodeId getMasterFor(DeviceId deviceId) {
                return masteredElsewhere.contains(deviceId) ? NodeId.nodeId("other") : null;
            }
        };
        poller.telemetryService = telemetry.manager;
        poller.historyDatabase = () -> databaseUp ? Optional.of(db) : Optional.empty();
        poller.componentConfigService = new ComponentConfigAdapter();
        poller.packetService = new ReadoutDevice();
        poller.counterReader = new PacketCounterReader() {
            @Override
            public Map<Integer, Long> packets(DeviceId id, PiPipeconf pipeconf) {
                readAll.add(id);
                return counters.getOrDefault(id, Map.of());
            }

            @Override
            public Map<Integer, Long> packets(DeviceId id, PiPipeconf pipeconf, Collection<Integer> slots)
                    throws AggregateReadException {
                asked.addAll(slots);
                Map<Integer, Long> cells = counters.getOrDefault(id, Map.of());
                return slots.stream().filter(cells::containsKey).collect(Collectors.toMap(s -> s, cells::get));
            }
        };
        poller.p4RuntimeReader = new P4RuntimeRegisterReader(
                id -> Optional.of(new P4RuntimeRegisterReader.Endpoint(channel, 1)), Duration.ofSeconds(5));
        poller.readoutReader = new ReadoutRegisterReader(poller.packetService, 255, Duration.ofSeconds(5));
        poller.clock = clock;
        masteredElsewhere.add(LEAF2);
        poller.activate(null);
    }

    @After
    public void tearDown() {
        poller.deactivate();
        channel.shutdownNow();
        server.close();
    }

    /** A bmv2 data plane behind packet-out/packet-in: answers readouts from {@link #dataPlane}. */
    private final class ReadoutDevice extends PacketServiceAdapter {
        private PacketProcessor processor;

        @Override
        public void addProcessor(PacketProcessor processor, int priority) {
            this.processor = processor;
        }

        @Override
        public void emit(OutboundPacket packet) {
            readouts.add(packet);
            int slot = packet.data().getInt(14);
            SlotRegisters r = dataPlane.getOrDefault(slot, SlotRegisters.of(slot, 0, 0, 0, new long[8]));
            ByteBuffer reply = ByteBuffer.allocate(66);
            reply.position(12);
            reply.putShort((short) 0x88b6).putInt(slot).putLong(r.sum()).putInt((int) r.minPlusOne())
                    .putInt((int) r.max());
            for (long bucket : r.buckets()) {
                reply.putInt((int) bucket);
            }
            processor.process(new DefaultPacketContext(0, new DefaultInboundPacket(
                    new ConnectPoint(packet.sendThrough(), PortNumber.portNumber(255)), null,
                    ByteBuffer.wrap(reply.array())), null, false) {
                @Override
                public void send() {
                }
            });
        }
    }

    // Sets slot (class, port) everywhere the two readers look: the P4Runtime server and the readout.
    private void count(DeviceId device, LatencyClass c, int port, long packets, long sumMicros, long minMicros,
                       long maxMicros, long... buckets) {
        int slot = layout.slot(c.code(), port);
        counters.computeIfAbsent(device, k -> new ConcurrentHashMap<>()).put(slot, packets);
        server.set(layout.sumRegisterId(), slot, sumMicros);
        server.set(layout.minRegisterId(), slot, minMicros + 1);
        server.set(layout.maxRegisterId(), slot, maxMicros);
        for (int b = 0; b < buckets.length; b++) {
            server.set(layout.histogramRegisterId(), (long) slot * layout.buckets() + b, buckets[b]);
        }
        dataPlane.put(slot, SlotRegisters.of(slot, sumMicros, minMicros + 1, maxMicros, buckets));
    }

    private List<LatencyPoint> series(LatencyClass c) {
        return telemetry.manager.latencySeries(LEAF1, c, Optional.empty(), T0.minusSeconds(60), T0.plusSeconds(600),
                                               Duration.ofMinutes(1), LatencySource.AGGREGATES);
    }

    private List<LatencyBatch> batches() {
        return events.stream().filter(e -> e.type() == TelemetryEvent.Type.LATENCY_BATCH)
                .map(e -> e.subject(LatencyBatch.class)).collect(Collectors.toList());
    }

    @Test
    public void aStratumDeviceIsReadOverP4RuntimeAndStored() {
        count(LEAF1, LatencyClass.APN6_INSERT, 2, 3, 30, 8, 12, 0, 0, 0, 2, 1, 0, 0, 0);
        assertEquals(1, poller.pollOnce());
        poller.flush();

        LatencyPoint point = series(LatencyClass.APN6_INSERT).get(0);
        assertEquals(3, point.count());
        assertEquals(10_000.0, point.meanNanos(), 1e-9);
        assertEquals(8_000, point.minNanos());
        assertEquals(12_000, point.maxNanos());
        assertTrue("the P4Runtime server answered, so no readout", readouts.isEmpty());
        LatencyBatch batch = batches().get(0);
        assertEquals(LEAF1, batch.deviceId());
        assertEquals(LatencyClass.APN6_INSERT, batch.latencyClass());
        assertEquals(3, batch.count());
    }

    @Test
    public void bmv2FallsBackToReadoutPacketsAndStoresDeltas() {
        server.readsRegisters = false;
        count(LEAF1, LatencyClass.IPV6, 1, 2, 20, 9, 11, 0, 0, 0, 0, 2, 0, 0, 0);
        count(LEAF1, LatencyClass.MSR6_REPLICATE, 3, 1, 40, 40, 40, 0, 0, 0, 0, 0, 0, 1, 0);
        assertEquals(2, poller.pollOnce());
        assertEquals(2, readouts.size());

        clock.set(T0.plusSeconds(120));
        assertEquals("nothing moved, nothing read", 0, poller.pollOnce());
        assertEquals(2, readouts.size());

        clock.set(T0.plusSeconds(240));
        count(LEAF1, LatencyClass.IPV6, 1, 5, 50, 7, 13, 0, 0, 0, 1, 4, 0, 0, 0);
        assertEquals(1, poller.pollOnce());
        poller.flush();

        List<LatencyPoint> ipv6 = series(LatencyClass.IPV6);
        assertEquals(2, ipv6.size());
        assertEquals(2, ipv6.get(0).count());
        assertEquals(10_000.0, ipv6.get(0).meanNanos(), 1e-9);
        assertEquals("only the 3 new packets of the third poll", 3, ipv6.get(1).count());
        assertEquals(10_000.0, ipv6.get(1).meanNanos(), 1e-9);
        assertEquals(7_000, ipv6.get(1).minNanos());
        assertEquals(40_000.0, series(LatencyClass.MSR6_REPLICATE).get(0).meanNanos(), 1e-9);
    }

    @Test
    public void aDeviceWithKnownPortsIsReadAtThemAndItsCpuPortOnly() {
        devices.setPorts(LEAF1, List.of(port(LEAF1, 1), port(LEAF1, 2)));
        count(LEAF1, LatencyClass.IPV6, 2, 2, 20, 9, 11, 0, 0, 0, 0, 2, 0, 0, 0);
        count(LEAF1, LatencyClass.IPV6, 7, 5, 50, 9, 11, 0, 0, 0, 0, 5, 0, 0, 0);
        server.readsRegisters = false;
        assertEquals("port 7 is not the device's: its slot is not read", 1, poller.pollOnce());
        assertEquals(List.of(), readAll);
        int classes = layout.slots() / 512;
        assertEquals(classes * 3, asked.size());
        assertTrue(asked.contains(layout.slot(LatencyClass.IPV6.code(), 255)));
        assertFalse(asked.contains(layout.slot(LatencyClass.IPV6.code(), 7)));
    }

    @Test
    public void aDeviceWithoutKnownPortsIsReadWhole() {
        count(LEAF1, LatencyClass.IPV6, 7, 5, 50, 9, 11, 0, 0, 0, 0, 5, 0, 0, 0);
        server.readsRegisters = false;
        assertEquals(1, poller.pollOnce());
        assertEquals(List.of(LEAF1), readAll);
    }

    private static Port port(DeviceId device, long number) {
        return new DefaultPort(new DefaultDevice(TestDeviceService.PROVIDER, device, Device.Type.SWITCH, "m", "h",
                                                 "s", "1", new ChassisId()), PortNumber.portNumber(number), true);
    }

    @Test
    public void devicesMasteredElsewhereAreNotRead() {
        count(LEAF2, LatencyClass.IPV6, 1, 2, 20, 9, 11, 0, 0, 0, 0, 2, 0, 0, 0);
        assertEquals(0, poller.pollOnce());
        masteredElsewhere.remove(LEAF2);
        assertEquals(1, poller.pollOnce());
    }

    @Test
    public void rowsWaitForTheDatabaseAndNoneIsLost() {
        databaseUp = false;
        count(LEAF1, LatencyClass.IPV6, 1, 2, 20, 9, 11, 0, 0, 0, 0, 2, 0, 0, 0);
        poller.pollOnce();
        clock.set(T0.plusSeconds(120));
        count(LEAF1, LatencyClass.IPV6, 1, 4, 40, 9, 11, 0, 0, 0, 0, 4, 0, 0, 0);
        poller.pollOnce();
        poller.flush();
        assertEquals(2, poller.writer().buffered());

        databaseUp = true;
        poller.flush();
        assertEquals(0, poller.writer().buffered());
        assertEquals(0, poller.writer().dropped());
        assertEquals(4, series(LatencyClass.IPV6).stream().mapToLong(LatencyPoint::count).sum());
    }
}
