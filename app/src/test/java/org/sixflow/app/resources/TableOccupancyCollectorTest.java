// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.resources;

import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.onlab.osgi.ComponentContextAdapter;
import org.onosproject.TestApplicationId;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.onosproject.net.intent.WorkPartitionServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.TestStorageService;
import org.sixflow.app.api.TableOccupancy;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.telemetry.TelemetryManagerFixture;
import org.sixflow.app.testing.ComponentContexts;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.TelemetryFixture;
import org.sixflow.app.testing.TestDeviceService;
import org.sixflow.app.testing.TestPipeconfService;
import org.sixflow.pipeconf.P4InfoConstants;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The collector over ONOS's service adapters holding the real bmv2 pipeconf: entries counted per
 * table against the P4Info sizes, only on the master and only for Sixflow pipeconfs, readings
 * stored in a real PostgreSQL, posted, and kept as the latest per table.
 */
public class TableOccupancyCollectorTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final DeviceId LEAF1 = DeviceId.deviceId("device:leaf1");
    private static final DeviceId LEAF2 = DeviceId.deviceId("device:leaf2");
    private static final DeviceId SPINE = DeviceId.deviceId("device:spine");
    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
    private static final PiTableId ROUTING = P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6;
    private static final PiTableId ACL = P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL;
    private static HistoryDatabase db;

    private final Map<DeviceId, List<FlowEntry>> entries = new ConcurrentHashMap<>();
    private final Set<DeviceId> masteredElsewhere = ConcurrentHashMap.newKeySet();
    private final List<TelemetryEvent> events = new CopyOnWriteArrayList<>();
    private final TestDeviceService devices = new TestDeviceService();
    private final TestPipeconfService pipeconfs = new TestPipeconfService();
    private PiPipeconf bmv2;
    private TableOccupancyCollector collector;
    private boolean active;

    @BeforeClass
    public static void openDatabase() {
        db = POSTGRES.database();
    }

    @Before
    public void setUp() throws Exception {
        TelemetryFixture.clear(db);
        bmv2 = BundledPipeconfs.bmv2();
        pipeconfs.register(bmv2);
        for (DeviceId id : List.of(LEAF1, LEAF2, SPINE)) {
            devices.addSwitch(id.toString(), true);
            pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, id);
        }
        TelemetryManagerFixture telemetry = new TelemetryManagerFixture();
        telemetry.manager.addListener(events::add);
        collector = new TableOccupancyCollector();
        collector.deviceService = devices;
        collector.pipeconfService = pipeconfs;
        collector.flowRuleService = new FlowRuleServiceAdapter() {
            @Override
            public Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
                return entries.getOrDefault(deviceId, List.of());
            }
        };
        collector.workPartitionService = new WorkPartitionServiceAdapter();
        collector.mastershipService = new MastershipServiceAdapter() {
            @Override
            public NodeId getMasterFor(DeviceId deviceId) {
                return masteredElsewhere.contains(deviceId) ? NodeId.nodeId("other") : NodeId.nodeId("here");
            }

            @Override
            public boolean isLocalMaster(DeviceId deviceId) {
                return !masteredElsewhere.contains(deviceId);
            }
        };
        collector.storageService = new TestStorageService();
        collector.telemetryService = telemetry.manager;
        collector.historyDatabase = () -> Optional.of(db);
        collector.componentConfigService = new ComponentConfigAdapter();
        collector.clock = Clock.fixed(T0, ZoneOffset.UTC);
    }

    @After
    public void tearDown() {
        if (active) {
            collector.deactivate();
        }
    }

    /** Starts the collector; its own rounds wait an hour, so that only the test's collect() counts. */
    private void activate(String interval) {
        collector.firstRound = Duration.ofHours(1);
        activateWithRounds(interval);
    }

    private void activateWithRounds(String interval) {
        active = true;
        collector.activate(ComponentContexts.of(OsgiPropertyConstants.OCCUPANCY_INTERVAL, interval));
    }

    private static FlowEntry entry(DeviceId device, PiTableId table, int priority, FlowEntry.FlowEntryState state) {
        return new DefaultFlowEntry(DefaultFlowRule.builder().forDevice(device).forTable(table)
                                            .withSelector(DefaultTrafficSelector.emptySelector())
                                            .withTreatment(DefaultTrafficTreatment.emptyTreatment())
                                            .withPriority(priority).fromApp(TestApplicationId.create("test"))
                                            .makePermanent().build(), state, 0, 0, 0);
    }

    private void install(DeviceId device, PiTableId table, int count) {
        List<FlowEntry> list = entries.computeIfAbsent(device, d -> new CopyOnWriteArrayList<>());
        for (int i = 0; i < count; i++) {
            list.add(entry(device, table, 10 + list.size(), FlowEntry.FlowEntryState.ADDED));
        }
    }

    private static TableOccupancy table(List<TableOccupancy> readings, DeviceId device, PiTableId table) {
        return readings.stream().filter(r -> r.deviceId().equals(device) && r.table().equals(table.id()))
                .findFirst().orElseThrow(() -> new AssertionError("no reading of " + device + " " + table));
    }

    private static long rows(String where) throws Exception {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM sixflow.table_occupancy WHERE " + where)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 100 && !condition.getAsBoolean(); i++) {
            Thread.sleep(100);
        }
        assertTrue(what, condition.getAsBoolean());
    }

    @Test
    public void countsConfirmedEntriesPerTableAgainstTheP4InfoSize() throws Exception {
        activate("3600");
        install(LEAF1, ROUTING, 5);
        install(LEAF1, ACL, 2);
        // Not on the device (yet, or any more): not counted.
        entries.get(LEAF1).add(entry(LEAF1, ACL, 99, FlowEntry.FlowEntryState.PENDING_ADD));
        entries.get(LEAF1).add(entry(LEAF1, ACL, 98, FlowEntry.FlowEntryState.FAILED));

        List<TableOccupancy> readings = collector.collect();
        int tables = bmv2.pipelineModel().tables().size();
        assertEquals("every table of the three devices", 3 * tables, readings.size());
        TableOccupancy routing = table(readings, LEAF1, ROUTING);
        assertEquals(5, routing.entries());
        assertEquals(bmv2.pipelineModel().table(ROUTING).get().maxSize(), routing.size());
        assertEquals(T0, routing.time());
        assertEquals(2, table(readings, LEAF1, ACL).entries());
        assertEquals(0, table(readings, LEAF2, ROUTING).entries());

        // Latest readings, sorted by device then table; posted as TABLE_OCCUPANCY events.
        List<TableOccupancy> leaf1 = collector.latest(Optional.of(LEAF1));
        assertEquals(tables, leaf1.size());
        List<String> names = leaf1.stream().map(TableOccupancy::table).collect(Collectors.toList());
        assertEquals(names.stream().sorted().collect(Collectors.toList()), names);
        assertEquals(List.of(LEAF1, LEAF2, SPINE), collector.latest(Optional.empty()).stream()
                .map(TableOccupancy::deviceId).distinct().collect(Collectors.toList()));
        assertEquals(readings.size(), events.stream().filter(e -> e.type() == TelemetryEvent.Type.TABLE_OCCUPANCY)
                .count());
        assertTrue(events.stream().anyMatch(e -> e.subject(TableOccupancy.class).equals(routing)));

        // Stored once the flush runs (every second).
        await("readings stored", () -> {
            try {
                return rows("true") == readings.size();
            } catch (Exception e) {
                return false;
            }
        });
        assertEquals(1, rows("device_id = 'device:leaf1' AND table_name = '" + ROUTING.id() + "' AND entries = 5 "
                                     + "AND size = " + routing.size()));
    }

    @Test
    public void readsOnlyWhatThisInstanceMastersAndRunsSixflowPipeconfs() {
        activate("3600");
        masteredElsewhere.add(LEAF2);
        devices.addSwitch(SPINE.toString(), false);           // unavailable
        DeviceId other = DeviceId.deviceId("device:other");
        devices.addSwitch(other.toString(), true);
        pipeconfs.bindToDevice(new PiPipeconfId("org.other.pipeconf"), other);
        Set<DeviceId> read = collector.collect().stream().map(TableOccupancy::deviceId).collect(Collectors.toSet());
        assertEquals(Set.of(LEAF1), read);
    }

    @Test
    public void forgetsTablesAndDevicesThatAreGone() {
        activate("3600");
        collector.collect();
        devices.remove(LEAF2);
        devices.addSwitch(SPINE.toString(), false);
        collector.collect();
        Set<DeviceId> shown = collector.latest(Optional.empty()).stream().map(TableOccupancy::deviceId)
                .collect(Collectors.toSet());
        // The removed device is gone; the unavailable one keeps its last readings.
        assertEquals(Set.of(LEAF1, SPINE), shown);
    }

    @Test
    public void countsOnItsOwnEveryIntervalAndRejectsBadIntervals() throws Exception {
        collector.firstRound = Duration.ofMillis(100);
        activateWithRounds("0");
        assertEquals("0 s is refused", OsgiPropertyConstants.OCCUPANCY_INTERVAL_DEFAULT, collector.intervalSeconds());
        collector.modified(new ComponentContextAdapter() {
            @Override
            public Dictionary getProperties() {
                Hashtable<String, Object> p = new Hashtable<>();
                p.put(OsgiPropertyConstants.OCCUPANCY_INTERVAL, "3601");
                return p;
            }
        });
        assertEquals(OsgiPropertyConstants.OCCUPANCY_INTERVAL_DEFAULT, collector.intervalSeconds());
        collector.modified(new ComponentContextAdapter() {
            @Override
            public Dictionary getProperties() {
                Hashtable<String, Object> p = new Hashtable<>();
                p.put(OsgiPropertyConstants.OCCUPANCY_INTERVAL, "1");
                return p;
            }
        });
        assertEquals(1, collector.intervalSeconds());
        install(LEAF1, ROUTING, 3);
        int tables = bmv2.pipelineModel().tables().size();
        // A round soon after the change, then one every second; all stored.
        await("two rounds stored", () -> {
            try {
                return rows("device_id = 'device:leaf1'") >= 2L * tables;
            } catch (Exception e) {
                return false;
            }
        });
    }

    @Test
    public void readingsCrossTheClusterIntact() {
        Serializer serializer = Serializer.using(TableOccupancyCollector.READINGS);
        TableOccupancy reading = TableOccupancy.of(LEAF1, ROUTING.id(), T0.plusNanos(123), 7, 1024);
        TableOccupancy copy = serializer.decode(serializer.encode(reading));
        assertEquals(reading, copy);
    }
}
