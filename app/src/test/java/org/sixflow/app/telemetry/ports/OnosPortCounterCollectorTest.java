// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.ports;

import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.DefaultPort;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DefaultPortStatistics;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceServiceAdapter;
import org.onosproject.net.intent.WorkPartitionServiceAdapter;
import org.onosproject.net.provider.ProviderId;
import org.onlab.packet.ChassisId;
import org.sixflow.app.api.PortStatistics;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.telemetry.TelemetryManagerFixture;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.TelemetryFixture;
import org.sixflow.app.testing.TestNetworkConfigService;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * ONOS's port statistics of a device without gNMI (bmv2's, from its pipeline's port counters)
 * into the same history and events as gNMI's, on the instance that reads the device.
 */
public class OnosPortCounterCollectorTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final DeviceId SBR = DeviceId.deviceId("device:sbr");
    private static final DeviceId PA = DeviceId.deviceId("device:pa");
    private static final ProviderId PROVIDER = new ProviderId("p4runtime", "test");
    private static HistoryDatabase db;

    private final Map<DeviceId, List<org.onosproject.net.device.PortStatistics>> stats = new ConcurrentHashMap<>();
    private final Set<DeviceId> masteredElsewhere = ConcurrentHashMap.newKeySet();
    private final List<DeviceListener> listeners = new CopyOnWriteArrayList<>();
    private final List<TelemetryEvent> events = new CopyOnWriteArrayList<>();
    private TestNetworkConfigService netcfg;
    private OnosPortCounterCollector collector;
    private Instant now = Instant.parse("2026-11-30T10:00:00Z");

    @BeforeClass
    public static void openDatabase() {
        db = POSTGRES.database();
    }

    private static Device device(DeviceId id) {
        return new DefaultDevice(PROVIDER, id, Device.Type.SWITCH, "p4.org", "1", "1", "1", new ChassisId());
    }

    private static Port port(DeviceId id, long number, String name) {
        org.onosproject.net.Annotations annotations = name == null ? DefaultAnnotations.EMPTY
                : DefaultAnnotations.builder().set("portName", name).build();
        return new DefaultPort(device(id), PortNumber.portNumber(number), true, (DefaultAnnotations) annotations);
    }

    private static org.onosproject.net.device.PortStatistics stat(DeviceId id, long port, long rx, long tx) {
        return DefaultPortStatistics.builder().setDeviceId(id).setPort(PortNumber.portNumber(port))
                .setPacketsReceived(rx).setBytesReceived(rx * 100).setPacketsSent(tx).setBytesSent(tx * 100)
                .setDurationSec(10).build();
    }

    @Before
    public void setUp() throws Exception {
        TelemetryFixture.clear(db);
        netcfg = new TestNetworkConfigService();
        SixflowConfigRegistrar.FACTORIES.forEach(netcfg::registerConfigFactory);
        TelemetryManagerFixture telemetry = new TelemetryManagerFixture();
        telemetry.useDatabase(db);
        telemetry.manager.addListener(events::add);
        collector = new OnosPortCounterCollector();
        collector.deviceService = new DeviceServiceAdapter() {
            @Override
            public List<org.onosproject.net.device.PortStatistics> getPortStatistics(DeviceId deviceId) {
                return stats.getOrDefault(deviceId, List.of());
            }

            @Override
            public List<Port> getPorts(DeviceId deviceId) {
                return List.of(port(deviceId, 1, "1"), port(deviceId, 2, "uplink-a"), port(deviceId, 3, null));
            }

            @Override
            public void addListener(DeviceListener listener) {
                listeners.add(listener);
            }

            @Override
            public void removeListener(DeviceListener listener) {
                listeners.remove(listener);
            }
        };
        collector.configService = netcfg;
        collector.mastershipService = new MastershipServiceAdapter() {
            @Override
            public NodeId getMasterFor(DeviceId deviceId) {
                return NodeId.nodeId(masteredElsewhere.contains(deviceId) ? "other" : "here");
            }

            @Override
            public boolean isLocalMaster(DeviceId deviceId) {
                return !masteredElsewhere.contains(deviceId);
            }
        };
        collector.workPartitionService = new WorkPartitionServiceAdapter() {
            @Override
            public <K> boolean isMine(K id, Function<K, Long> hasher) {
                return true;
            }
        };
        collector.telemetryService = telemetry.manager;
        collector.historyDatabase = () -> Optional.of(db);
        collector.clock = new Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now;
            }
        };
        collector.activate();
    }

    @After
    public void tearDown() {
        collector.deactivate();
    }

    private void statsUpdated(DeviceId id) {
        DeviceEvent event = new DeviceEvent(DeviceEvent.Type.PORT_STATS_UPDATED, device(id));
        listeners.stream().filter(l -> l.isRelevant(event)).forEach(l -> l.event(event));
    }

    private void awaitEvents(int count) throws InterruptedException {
        for (int i = 0; i < 100 && portEvents().size() < count; i++) {
            Thread.sleep(50);
        }
    }

    private List<PortStatistics> portEvents() {
        return events.stream().filter(e -> e.type() == TelemetryEvent.Type.PORT_COUNTERS)
                .map(e -> e.subject(PortStatistics.class)).collect(Collectors.toList());
    }

    private static long rows(String where) throws Exception {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*) FROM sixflow.port_counters WHERE " + where)) {
            r.next();
            return r.getLong(1);
        }
    }

    @Test
    public void aDevicesUpdatedStatisticsAreStoredAndAnnouncedWithRates() throws Exception {
        stats.put(SBR, List.of(stat(SBR, 2, 10, 20), stat(SBR, 3, 1, 2)));
        statsUpdated(SBR);
        awaitEvents(2);
        now = now.plusSeconds(10);
        stats.put(SBR, List.of(stat(SBR, 2, 110, 1020), stat(SBR, 3, 1, 2)));
        statsUpdated(SBR);
        awaitEvents(4);

        List<PortStatistics> seen = portEvents();
        assertEquals(4, seen.size());
        PortStatistics first = seen.get(0);
        assertEquals("uplink-a", first.port());
        assertEquals(Long.valueOf(10), first.counters().inPackets());
        assertEquals(Long.valueOf(2000), first.counters().outOctets());
        // What such a device does not count is unreported, never 0.
        assertNull(first.counters().inDiscards());
        assertNull(first.counters().outErrors());
        assertFalse(first.rates().isPresent());
        assertEquals("3", seen.get(1).port()); // no name: its number
        PortStatistics later = seen.get(2);
        assertTrue(later.rates().isPresent());
        assertEquals(100.0, later.rates().get().outPacketsPerSecond(), 1e-9);

        collector.sink().flush();
        assertEquals(4, rows("device_id = 'device:sbr'"));
    }

    @Test
    public void aDeviceReadOverGnmiOrMasteredElsewhereIsLeftAlone() throws Exception {
        netcfg.applyConfig(SBR, SixflowDeviceConfig.class, netcfg.json(
                "{\"role\": \"EDGE\", \"locator\": \"fd00:1:1::/64\", \"myStationMac\": \"00:aa:00:00:00:01\","
                        + " \"gnmiAddress\": \"sbr:9339\"}"));
        masteredElsewhere.add(PA);
        stats.put(SBR, List.of(stat(SBR, 2, 10, 20)));
        stats.put(PA, List.of(stat(PA, 1, 10, 20)));
        statsUpdated(SBR);
        statsUpdated(PA);
        DeviceId other = DeviceId.deviceId("device:cn");
        stats.put(other, List.of(stat(other, 1, 5, 5)));
        statsUpdated(other);
        awaitEvents(1);
        Thread.sleep(200);
        assertEquals(List.of("device:cn"), portEvents().stream().map(p -> p.deviceId().toString())
                .distinct().collect(Collectors.toList()));
    }
}
