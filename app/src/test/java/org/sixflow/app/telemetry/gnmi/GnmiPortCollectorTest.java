// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.gnmi;

import io.grpc.ManagedChannel;
import io.grpc.inprocess.InProcessChannelBuilder;
import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.intent.WorkPartitionEvent;
import org.onosproject.net.intent.WorkPartitionEventListener;
import org.onosproject.net.intent.WorkPartitionServiceAdapter;
import org.sixflow.app.api.PortRates;
import org.sixflow.app.api.PortStatistics;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.telemetry.TelemetryManagerFixture;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.Notification;
import org.sixflow.app.telemetry.gnmi.proto.Gnmi.TypedValue;
import org.sixflow.app.testing.ComponentContexts;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.TelemetryFixture;
import org.sixflow.app.testing.TestNetworkConfigService;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.telemetry.gnmi.FakeGnmiTarget.countersOf;
import static org.sixflow.app.telemetry.gnmi.FakeGnmiTarget.leaf;

/**
 * The collector against in-process gNMI targets speaking the real gNMI protos, writing to a real
 * PostgreSQL: polling, subscribing, bad values, a target that goes away and comes back, netcfg,
 * mastership and work partitions deciding which devices are read here, and channels opened on
 * the collector's own thread whatever thread an event arrives on.
 */
public class GnmiPortCollectorTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final DeviceId LEAF1 = DeviceId.deviceId("device:leaf1");
    private static final DeviceId LEAF2 = DeviceId.deviceId("device:leaf2");
    private static HistoryDatabase db;

    private final Map<String, ManagedChannel> open = new ConcurrentHashMap<>();
    private final List<TelemetryEvent> events = new CopyOnWriteArrayList<>();
    private final Set<DeviceId> mastered = ConcurrentHashMap.newKeySet();
    private final Set<DeviceId> masteredHere = ConcurrentHashMap.newKeySet();
    private final Set<DeviceId> myPartitions = ConcurrentHashMap.newKeySet();
    private final List<String> channelThreads = new CopyOnWriteArrayList<>();
    private final List<MastershipListener> mastershipListeners = new CopyOnWriteArrayList<>();
    private final List<WorkPartitionEventListener> partitionListeners = new CopyOnWriteArrayList<>();
    private TestNetworkConfigService netcfg;
    private TelemetryManagerFixture telemetry;
    private GnmiPortCollector collector;
    private FakeGnmiTarget target;

    @BeforeClass
    public static void openDatabase() {
        db = POSTGRES.database();
    }

    @Before
    public void setUp() throws Exception {
        TelemetryFixture.clear(db);
        netcfg = new TestNetworkConfigService();
        SixflowConfigRegistrar.FACTORIES.forEach(netcfg::registerConfigFactory);
        telemetry = new TelemetryManagerFixture();
        telemetry.useDatabase(db);
        telemetry.manager.addListener(events::add);
        target = new FakeGnmiTarget("leaf1-gnmi:9339", List.of("1", "2")).start();
        collector = new GnmiPortCollector();
        collector.configService = netcfg;
        collector.mastershipService = new MastershipServiceAdapter() {
            @Override
            public NodeId getMasterFor(DeviceId deviceId) {
                return masteredHere.contains(deviceId) ? NodeId.nodeId("here")
                        : mastered.contains(deviceId) ? NodeId.nodeId("other") : null;
            }

            @Override
            public boolean isLocalMaster(DeviceId deviceId) {
                return masteredHere.contains(deviceId);
            }

            @Override
            public void addListener(MastershipListener listener) {
                mastershipListeners.add(listener);
            }

            @Override
            public void removeListener(MastershipListener listener) {
                mastershipListeners.remove(listener);
            }
        };
        myPartitions.add(LEAF1);
        myPartitions.add(LEAF2);
        collector.workPartitionService = new WorkPartitionServiceAdapter() {
            @Override
            public <K> boolean isMine(K id, Function<K, Long> hasher) {
                return myPartitions.contains(id);
            }

            @Override
            public void addListener(WorkPartitionEventListener listener) {
                partitionListeners.add(listener);
            }

            @Override
            public void removeListener(WorkPartitionEventListener listener) {
                partitionListeners.remove(listener);
            }
        };
        collector.telemetryService = telemetry.manager;
        collector.historyDatabase = () -> Optional.of(db);
        collector.componentConfigService = new ComponentConfigAdapter();
        collector.initialBackoff = Duration.ofMillis(50);
        collector.maxBackoff = Duration.ofMillis(400);
        collector.channels = new GnmiChannels() {
            @Override
            public ManagedChannel open(DeviceId deviceId, String address) {
                channelThreads.add(Thread.currentThread().getName());
                ManagedChannel channel = InProcessChannelBuilder.forName(address).usePlaintext().build();
                open.put(address, channel);
                return channel;
            }

            @Override
            public void close(DeviceId deviceId, String address) {
                channelThreads.add(Thread.currentThread().getName());
                ManagedChannel channel = open.remove(address);
                if (channel != null) {
                    channel.shutdownNow();
                }
            }
        };
    }

    @After
    public void tearDown() {
        collector.deactivate();
        target.close();
    }

    private void configure(DeviceId device, String gnmiAddress) {
        netcfg.applyConfig(device, SixflowDeviceConfig.class, netcfg.json(
                "{\"role\": \"EDGE\", \"locator\": \"fd00:1:1::/64\", \"myStationMac\": \"00:aa:00:00:00:01\""
                        + (gnmiAddress == null ? "" : ", \"gnmiAddress\": \"" + gnmiAddress + "\"") + "}"));
    }

    private void activate(String mode) throws InterruptedException {
        collector.activate(ComponentContexts.of(Map.of(OsgiPropertyConstants.GNMI_MODE, mode,
                                                       OsgiPropertyConstants.GNMI_INTERVAL, "1")));
        collector.awaitReconciled();
    }

    // Netcfg events reach the collector at once, on this thread; its reconciliation runs on its own.
    private Set<DeviceId> devicesOnceReconciled() throws InterruptedException {
        collector.awaitReconciled();
        return collector.devices();
    }

    private static long rows(String where) throws Exception {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM sixflow.port_counters WHERE " + where)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 150 && !condition.getAsBoolean(); i++) {
            Thread.sleep(100);
        }
        assertTrue(what, condition.getAsBoolean());
    }

    private static BooleanSupplier rowsAtLeast(String where, long count) {
        return () -> {
            try {
                return rows(where) >= count;
            } catch (Exception e) {
                return false;
            }
        };
    }

    private List<PortStatistics> portEvents() {
        return events.stream().filter(e -> e.type() == TelemetryEvent.Type.PORT_COUNTERS)
                .map(e -> e.subject(PortStatistics.class)).collect(Collectors.toList());
    }

    @Test
    public void pollingStoresEveryInterfaceAndPostsRates() throws Exception {
        configure(LEAF1, "leaf1-gnmi:9339");
        activate("poll");
        assertEquals(Set.of(LEAF1), collector.devices());
        await("two polls stored", rowsAtLeast("device_id = 'device:leaf1' AND port_name = '2'", 2));
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT in_packets, out_packets, in_octets, out_discards, in_errors "
                                                  + "FROM sixflow.port_counters WHERE port_name = '1' "
                                                  + "ORDER BY sampled_at LIMIT 1")) {
            r.next();
            assertEquals(100, r.getLong(1));   // 90 unicast + 7 multicast + 3 broadcast
            assertEquals(100, r.getLong(2));
            assertEquals(10_000, r.getLong(3));
            assertEquals(1, r.getLong(4));
            assertEquals(0, r.getLong(5));
        }
        await("an event with rates", () -> portEvents().stream().anyMatch(p -> p.rates().isPresent()));
        PortRates rates = portEvents().stream().filter(p -> p.rates().isPresent()).findFirst().orElseThrow()
                .rates().orElseThrow();
        // Each Get is one round: +100 packets, +10,000 octets per 100 ms of target time.
        assertEquals(1_000.0, rates.inPacketsPerSecond(), 1e-6);
        assertEquals(800_000.0, rates.outBitsPerSecond(), 1e-6);
        assertTrue(target.subscriptions().isEmpty());
        assertEquals(2, telemetry.manager.ports(Optional.of(LEAF1)).size());
    }

    @Test
    public void subscribingInSampleModeStoresTheStream() throws Exception {
        configure(LEAF1, "leaf1-gnmi:9339");
        activate("subscribe");
        await("samples stored", rowsAtLeast("port_name = '1'", 5));
        assertEquals(1, target.subscriptions().size());
        assertEquals(1_000_000_000L,
                     target.subscriptions().get(0).getSubscribe().getSubscription(0).getSampleInterval());
        PortStatistics latest = telemetry.manager.ports(Optional.of(LEAF1)).get(0);
        assertEquals(1_000.0, latest.rates().orElseThrow().inPacketsPerSecond(), 1e-6);
    }

    @Test
    public void badAndMissingValuesBecomeNullsAndTheRestIsKept() throws Exception {
        target.alsoSend("broken", Notification.newBuilder().setPrefix(countersOf("9"))
                .addUpdate(leaf("in-octets", TypedValue.newBuilder().setStringVal("lots").build()))
                .addUpdate(leaf("in-pkts", TypedValue.newBuilder().setIntVal(-4).build()))
                .addUpdate(leaf("out-octets", FakeGnmiTarget.jsonIetf("\"77\"")))
                .build());
        configure(LEAF1, "leaf1-gnmi:9339");
        activate("subscribe");
        await("the broken port stored", rowsAtLeast("port_name = '9'", 1));
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT in_octets, in_packets, out_octets FROM sixflow.port_counters "
                                                  + "WHERE port_name = '9' LIMIT 1")) {
            r.next();
            r.getLong(1);
            assertTrue(r.wasNull());
            r.getLong(2);
            assertTrue(r.wasNull());
            assertEquals(77, r.getLong(3));
        }
        assertTrue(rows("port_name = '1'") > 0);
    }

    @Test
    public void aTargetThatGoesAwayIsReconnectedWithBackoff() throws Exception {
        configure(LEAF1, "leaf1-gnmi:9339");
        activate("subscribe");
        await("first samples", rowsAtLeast("port_name = '1'", 2));
        target.kill();
        Thread.sleep(800);   // a few failed reconnections with backoff
        long before = rows("port_name = '1'");
        target = new FakeGnmiTarget("leaf1-gnmi:9339", List.of("1", "2")).start();
        await("samples again after the target came back", rowsAtLeast("port_name = '1'", before + 3));
        assertEquals(1, target.subscriptions().size());
        assertEquals(Set.of(LEAF1), collector.devices());
    }

    @Test
    public void readsOnlyConfiguredDevicesThatNoOtherInstanceMasters() throws Exception {
        configure(LEAF1, "leaf1-gnmi:9339");
        configure(LEAF2, null);
        mastered.add(DeviceId.deviceId("device:leaf3"));
        myPartitions.add(DeviceId.deviceId("device:leaf3"));
        configure(DeviceId.deviceId("device:leaf3"), "leaf3-gnmi:9339");
        activate("poll");
        assertEquals(Set.of(LEAF1), collector.devices());
        configure(LEAF2, "leaf2-gnmi:9339");   // nothing listens there: retried, never fatal
        assertEquals(Set.of(LEAF1, LEAF2), devicesOnceReconciled());
        netcfg.removeConfig(LEAF1, SixflowDeviceConfig.class);
        assertEquals(Set.of(LEAF2), devicesOnceReconciled());
        assertFalse(open.containsKey("leaf1-gnmi:9339"));
        assertEquals(0, collector.writer().dropped());
    }

    @Test
    public void aDeviceWithoutMasterIsReadOnlyWhereItsWorkPartitionIs() throws Exception {
        DeviceId leaf4 = DeviceId.deviceId("device:leaf4");
        DeviceId leaf5 = DeviceId.deviceId("device:leaf5");
        configure(LEAF1, "leaf1-gnmi:9339");        // no master, partition here
        configure(leaf4, "leaf4-gnmi:9339");        // no master, partition elsewhere
        configure(leaf5, "leaf5-gnmi:9339");        // mastered here, partition elsewhere
        masteredHere.add(leaf5);
        activate("poll");
        assertEquals(Set.of(LEAF1, leaf5), collector.devices());

        // The partition of leaf4 moves here, and leaf1's goes away.
        myPartitions.add(leaf4);
        myPartitions.remove(LEAF1);
        partitionListeners.forEach(l -> l.event(new WorkPartitionEvent(WorkPartitionEvent.Type.LEADER_CHANGED,
                                                                       "work-partition-3")));
        assertEquals(Set.of(leaf4, leaf5), devicesOnceReconciled());

        // leaf4 gets a master elsewhere: its master reads it, whatever the partitions say.
        mastered.add(leaf4);
        mastershipListeners.forEach(l -> l.event(new MastershipEvent(MastershipEvent.Type.MASTER_CHANGED, leaf4,
                                                                     null)));
        assertEquals(Set.of(leaf5), devicesOnceReconciled());
    }

    @Test
    public void channelsAreOpenedAndClosedOnTheCollectorsThreadNeverOnAnEventThread() throws Exception {
        activate("poll");
        configure(LEAF1, "leaf1-gnmi:9339");                      // a netcfg event, on this thread
        assertEquals(Set.of(LEAF1), devicesOnceReconciled());
        mastered.add(LEAF1);
        mastershipListeners.forEach(l -> l.event(new MastershipEvent(MastershipEvent.Type.MASTER_CHANGED, LEAF1,
                                                                     null)));
        assertEquals(Set.of(), devicesOnceReconciled());
        assertEquals(2, channelThreads.size());                  // one open, one close
        String test = Thread.currentThread().getName();
        for (String thread : channelThreads) {
            assertFalse("a channel was handled on the event's thread", thread.equals(test));
            assertTrue(thread, thread.contains("reconciler"));
        }
    }
}
