// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.onosproject.TestApplicationId;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.onosproject.net.flow.instructions.Instructions;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.group.DefaultGroup;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.group.GroupServiceAdapter;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultPacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.store.service.TestStorageService;
import org.osgi.service.component.ComponentContext;
import org.sixflow.app.api.LatencyBatch;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.PacketTooBigService;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.telemetry.TelemetryManagerFixture;
import org.sixflow.app.testing.ComponentContexts;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.TelemetryFixture;
import org.sixflow.app.testing.TestDeviceService;
import org.sixflow.app.testing.TestPipeconfService;
import org.sixflow.pipeconf.CloneSessions;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.nio.ByteBuffer;
import java.time.Instant;
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
import static org.junit.Assert.fail;
import static org.sixflow.pipeconf.P4InfoConstants.MASK;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_TELEMETRY_SAMPLING;

/**
 * The report collector: clone session and sampling entries on the devices it masters (checked
 * against the bmv2 P4Info), entries following the reportSampling property, and report
 * packet-ins stored in a real PostgreSQL and announced as LATENCY_BATCH events.
 */
public class TelemetryReportCollectorTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final ApplicationId APP_ID = TestApplicationId.create(SixflowConfigRegistrar.APP_NAME);
    private static final DeviceId LEAF1 = DeviceId.deviceId("device:leaf1");
    private static final DeviceId LEAF2 = DeviceId.deviceId("device:leaf2");
    private static HistoryDatabase db;

    private final PiPipeconf bmv2 = BundledPipeconfs.bmv2();
    private final Map<FlowRule, FlowEntry> installed = new ConcurrentHashMap<>();
    private final List<GroupDescription> groups = new CopyOnWriteArrayList<>();
    private final List<TelemetryEvent> events = new CopyOnWriteArrayList<>();
    private final Set<DeviceId> mastered = ConcurrentHashMap.newKeySet();
    private TelemetryManagerFixture telemetry;
    private TelemetryReportCollector collector;
    private PacketProcessor processor;
    private TestDeviceService devices;
    private TestPipeconfService pipeconfs;
    /** Whether the device refuses the next writes. */
    private volatile boolean refuse;
    /** Every write the collector sent, in order. */
    private final List<FlowRuleOperations> writes = new CopyOnWriteArrayList<>();

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
        devices = new TestDeviceService();
        devices.addSwitch(LEAF1.toString(), true);
        devices.addSwitch(LEAF2.toString(), true);
        pipeconfs = new TestPipeconfService();
        pipeconfs.register(bmv2);
        pipeconfs.bindToDevice(bmv2.id(), LEAF1);
        pipeconfs.bindToDevice(bmv2.id(), LEAF2);
        mastered.add(LEAF1);

        collector = new TelemetryReportCollector();
        collector.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return APP_ID;
            }
        };
        collector.packetService = new PacketServiceAdapter() {
            @Override
            public void addProcessor(PacketProcessor p, int priority) {
                processor = p;
            }
        };
        collector.deviceService = devices;
        collector.packetTooBigService = report -> PacketTooBigService.Outcome.SENT;
        collector.pipeconfService = pipeconfs;
        collector.mastershipService = new MastershipServiceAdapter() {
            @Override
            public boolean isLocalMaster(DeviceId deviceId) {
                return mastered.contains(deviceId);
            }
        };
        collector.flowRuleService = new FlowRuleServiceAdapter() {
            // As ONOS 2.7: the store takes every operation (a refused ADD stays PENDING_ADD), the
            // device answers the write, the store marks entries ADDED only on its next poll.
            @Override
            public void apply(FlowRuleOperations ops) {
                // Decided when the write is recorded: a test that sees it recorded and then
                // stops refusing must not change this write's outcome.
                boolean refused = refuse;
                writes.add(ops);
                for (Set<FlowRuleOperation> stage : ops.stages()) {
                    for (FlowRuleOperation op : stage) {
                        FlowRule rule = op.rule();
                        // Same id: ONOS modifies the entry in place.
                        installed.keySet().removeIf(r -> r.id().equals(rule.id()));
                        if (op.type() == FlowRuleOperation.Type.ADD) {
                            installed.put(rule, new DefaultFlowEntry(rule, FlowEntry.FlowEntryState.PENDING_ADD));
                        }
                    }
                    if (refused) {
                        // ONOS stops at a failed stage's end and reports the batch failed.
                        ops.callback().onError(ops);
                        return;
                    }
                }
                ops.callback().onSuccess(ops);
            }

            @Override
            public Iterable<FlowEntry> getFlowEntriesById(ApplicationId id) {
                return List.copyOf(installed.values());
            }
        };
        collector.storageService = new TestStorageService();
        collector.groupService = new GroupServiceAdapter() {
            @Override
            public void addGroup(GroupDescription description) {
                groups.add(description);
            }

            @Override
            public Group getGroup(DeviceId deviceId, GroupKey appCookie) {
                return groups.stream().filter(g -> g.deviceId().equals(deviceId) && g.appCookie().equals(appCookie))
                        .findFirst().map(g -> (Group) new DefaultGroup(g.givenGroupId() == null ? null
                                : org.onosproject.core.GroupId.valueOf(g.givenGroupId()), g)).orElse(null);
            }
        };
        collector.telemetryService = telemetry.manager;
        collector.historyDatabase = () -> Optional.of(db);
        collector.componentConfigService = new ComponentConfigAdapter();
    }

    @After
    public void tearDown() {
        collector.deactivate();
    }

    private static ComponentContext sampling(String value) {
        return ComponentContexts.of(OsgiPropertyConstants.REPORT_SAMPLING, value);
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 200 && !condition.getAsBoolean(); i++) {
            Thread.sleep(25);
        }
        assertTrue(what, condition.getAsBoolean());
    }

    private Map<Integer, Long> masksByClass() {
        return installed.keySet().stream().collect(Collectors.toMap(
                r -> r.selector().criteria().toString().contains("lat_class") ? classOf(r) : -1,
                r -> maskOf(r)));
    }

    private static int classOf(FlowRule rule) {
        String criteria = rule.selector().criteria().toString();
        int hex = criteria.indexOf("0x");
        return Integer.parseInt(criteria.substring(hex + 2, hex + 3), 16);
    }

    private static long maskOf(FlowRule rule) {
        PiAction action = (PiAction) ((PiInstruction) rule.treatment().allInstructions().get(0)).action();
        byte[] value = action.parameters().stream().filter(p -> p.id().equals(MASK)).findFirst().orElseThrow()
                .value().asArray();
        long mask = 0;
        for (byte b : value) {
            mask = (mask << 8) | (b & 0xff);
        }
        return mask;
    }

    @Test
    public void mastersGetTheCloneSessionAndASamplingEntryPerClass() throws Exception {
        collector.activate(null);
        await("sampling entries installed", () -> installed.size() == LatencyClass.values().length);

        assertEquals(1, groups.size());
        GroupDescription clone = groups.get(0);
        assertEquals(LEAF1, clone.deviceId());
        assertEquals(GroupDescription.Type.CLONE, clone.type());
        assertEquals(Integer.valueOf(500), clone.givenGroupId());
        assertEquals(PortNumber.CONTROLLER, ((OutputInstruction) clone.buckets().buckets().get(0).treatment()
                .allInstructions().get(0)).port());
        // bmv2 (the device here) refuses a truncating session: its egress truncates instead.
        assertEquals(0, CloneSessions.BMV2_TELEMETRY_TRUNCATE);
        assertTrue(clone.buckets().buckets().get(0).treatment().allInstructions().stream()
                           .noneMatch(i -> i instanceof Instructions.TruncateInstruction));
        PipelineModelChecker checker = new PipelineModelChecker(bmv2.pipelineModel());
        PipelineModelChecker tofino = new PipelineModelChecker(BundledPipeconfs.tofino().pipelineModel());
        for (FlowRule rule : installed.keySet()) {
            assertEquals(LEAF1, rule.deviceId());
            assertEquals(SIXFLOW_EGRESS_TELEMETRY_SAMPLING, rule.table());
            assertEquals(List.of(), checker.problems(rule));
            assertEquals(List.of(), tofino.problems(rule));
        }
        assertTrue(masksByClass().values().stream().allMatch(mask -> mask == 1023));
    }

    @Test
    public void aTofinoMasterAlsoGetsTheWholePacketSessionForTooBigPackets() throws Exception {
        PiPipeconf tofino = BundledPipeconfs.tofino();
        pipeconfs.register(tofino);
        pipeconfs.bindToDevice(tofino.id(), LEAF1);
        collector.activate(null);
        await("sampling entries installed", () -> installed.size() == LatencyClass.values().length);

        assertEquals(List.of(CloneSessions.TELEMETRY, CloneSessions.TOFINO_TOO_BIG),
                     groups.stream().map(GroupDescription::givenGroupId).collect(Collectors.toList()));
        GroupDescription telemetrySession = groups.get(0);
        GroupDescription tooBig = groups.get(1);
        assertEquals(LEAF1, tooBig.deviceId());
        assertEquals(GroupDescription.Type.CLONE, tooBig.type());
        assertEquals(List.of(Instructions.createOutput(PortNumber.CONTROLLER)),
                     tooBig.buckets().buckets().get(0).treatment().allInstructions());
        // Latency reports keep their first bytes only; a too-big packet goes whole.
        assertTrue(telemetrySession.buckets().buckets().get(0).treatment().allInstructions().stream()
                           .anyMatch(i -> i instanceof Instructions.TruncateInstruction));

        collector.configureAll();
        assertEquals("configured again, nothing added twice", 2, groups.size());
    }

    @Test
    public void entriesFollowTheProperty() throws Exception {
        collector.activate(null);
        await("sampling entries installed", () -> installed.size() == LatencyClass.values().length);

        collector.modified(sampling("ipv6=0,msr6-replicate=2"));
        await("entries replaced", () -> installed.size() == 2);
        assertEquals(Map.of(LatencyClass.IPV6.code(), 0L, LatencyClass.MSR6_REPLICATE.code(), 3L), masksByClass());

        collector.modified(sampling("every other packet"));
        assertEquals("a bad value keeps the sampling in force", "ipv6=0,msr6-replicate=2",
                     collector.sampling().toString());

        collector.modified(sampling("off"));
        await("entries removed", installed::isEmpty);
        assertEquals("the clone session stays for the next sampling", 1, groups.size());
    }

    @Test
    public void anOwnersRequirementTightensOneClassOnOneDeviceUntilReleased() throws Exception {
        collector.activate(null);
        await("sampling confirmed", () -> collector.confirmedSampling(LEAF1).isPresent());
        collector.require("ilnp-sessions", LEAF1, LatencyClass.IPV6, 6);
        String tightened = ReportSampling.parse("10").atLeast(LEAF1, LatencyClass.IPV6, 6).toString();
        await("the requirement written", () -> collector.confirmedSampling(LEAF1).equals(Optional.of(tightened)));
        assertEquals(63L, (long) masksByClass().get(LatencyClass.IPV6.code()));
        assertEquals(1023L, (long) masksByClass().get(LatencyClass.APN6_INSERT.code()));
        // The property may ask for more than an owner; then it is what is written.
        collector.modified(sampling("ipv6=0"));
        await("the property's stronger part written", () -> collector.confirmedSampling(LEAF1)
                .equals(Optional.of("ipv6=0")));
        collector.modified(sampling("10"));
        await("the requirement again", () -> collector.confirmedSampling(LEAF1).equals(Optional.of(tightened)));
        collector.release("ilnp-sessions", LEAF1);
        await("released", () -> collector.confirmedSampling(LEAF1)
                .equals(Optional.of(OsgiPropertyConstants.REPORT_SAMPLING_DEFAULT)));
        assertEquals(1023L, (long) masksByClass().get(LatencyClass.IPV6.code()));
        try {
            collector.require("x", LEAF1, LatencyClass.IPV6, ReportSampling.MAX_SHIFT + 1);
            fail("a k the data plane cannot sample");
        } catch (IllegalArgumentException expected) {
            // refused
        }
    }

    @Test
    public void aDeviceHoldsTheSamplingOnceItAnswersTheWrite() throws Exception {
        collector.activate(null);
        await("sampling confirmed", () -> collector.confirmedSampling(LEAF1).isPresent());
        assertEquals(OsgiPropertyConstants.REPORT_SAMPLING_DEFAULT, collector.confirmedSampling(LEAF1).get());
        assertTrue("ONOS's store still says PENDING_ADD: only the write's outcome tells",
                   installed.values().stream().allMatch(e -> e.state() == FlowEntry.FlowEntryState.PENDING_ADD));
        assertEquals("a device this instance does not master is not known here", Optional.empty(),
                     collector.confirmedSampling(LEAF2));

        refuse = true;
        collector.modified(sampling("ipv6=0"));
        await("a refused write leaves the device unknown", () -> collector.confirmedSampling(LEAF1).isEmpty());

        refuse = false;
        collector.modified(sampling("ipv6=1"));
        await("the next write confirms", () -> collector.confirmedSampling(LEAF1).equals(Optional.of("ipv6=1")));
    }

    @Test
    public void aRefusedWriteIsWrittenAgainWithoutAnotherChange() throws Exception {
        refuse = true;
        collector.activate(null);
        await("the first write refused", () -> writes.size() == 1);
        assertTrue("ONOS keeps the refused entries PENDING_ADD", installed.values().stream()
                .allMatch(e -> e.state() == FlowEntry.FlowEntryState.PENDING_ADD));
        assertEquals(Optional.empty(), collector.confirmedSampling(LEAF1));

        refuse = false;
        Thread.sleep(SamplingWrites.FIRST_RETRY_MILLIS);
        await("written again after the backoff, though the store already lists them",
              () -> collector.confirmedSampling(LEAF1).isPresent());
        assertEquals(2, writes.size());
        assertEquals(LatencyClass.values().length, writes.get(1).stages().get(0).size());
    }

    @Test
    public void aNewRateModifiesTheClassesEntryInPlace() throws Exception {
        collector.activate(sampling("ipv6=0,msr6-replicate=2"));
        await("sampling confirmed", () -> collector.confirmedSampling(LEAF1).isPresent());
        writes.clear();

        collector.modified(sampling("ipv6=3,msr6-replicate=2"));
        await("new rate confirmed", () -> collector.confirmedSampling(LEAF1).equals(Optional.of(
                "ipv6=3,msr6-replicate=2")));
        assertEquals(1, writes.size());
        List<Set<FlowRuleOperation>> stages = writes.get(0).stages();
        assertEquals("one add, same match, new mask: no gap without sampling", 1, stages.size());
        FlowRuleOperation addition = stages.get(0).iterator().next();
        assertEquals(1, stages.get(0).size());
        assertEquals(FlowRuleOperation.Type.ADD, addition.type());
        assertEquals(7L, maskOf(addition.rule()));
        assertEquals(Map.of(LatencyClass.IPV6.code(), 7L, LatencyClass.MSR6_REPLICATE.code(), 3L), masksByClass());
    }

    @Test
    public void aDeviceThatGoesAwayIsUnknownUntilItsEntriesAreAddedAgain() throws Exception {
        collector.activate(sampling("ipv6=1"));
        await("sampling confirmed", () -> collector.confirmedSampling(LEAF1).isPresent());
        Device leaf1 = devices.addSwitch(LEAF1.toString(), false);
        devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, leaf1));
        await("forgotten", () -> collector.confirmedSampling(LEAF1).isEmpty());

        // Back, with its entries still in the store: nothing to write, so the store's word counts.
        devices.addSwitch(LEAF1.toString(), true);
        devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, leaf1));
        Thread.sleep(200);
        assertEquals("entries still PENDING_ADD: not known", Optional.empty(), collector.confirmedSampling(LEAF1));
        installed.replaceAll((rule, entry) -> new DefaultFlowEntry(rule, FlowEntry.FlowEntryState.ADDED));
        devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, leaf1));
        await("ADDED in the store", () -> collector.confirmedSampling(LEAF1).equals(Optional.of("ipv6=1")));
    }

    @Test
    public void reportsAreStoredAndAnnounced() throws Exception {
        collector.activate(sampling("0"));
        Instant before = Instant.now().minusSeconds(1);
        for (int i = 1; i <= 3; i++) {
            byte[] frame = frameOf(LatencyClass.APN6_INSERT.code(), i, 100 * i, 100 * i + 250 + i);
            processor.process(new DefaultPacketContext(0, new DefaultInboundPacket(
                    new ConnectPoint(LEAF1, PortNumber.portNumber(255)), null, ByteBuffer.wrap(frame)), null, false) {
                @Override
                public void send() {
                }
            });
        }
        collector.flushAndAnnounce();

        List<LatencySample> stored = telemetry.manager.samples(LEAF1, Optional.of(LatencyClass.APN6_INSERT), before,
                                                               Instant.now().plusSeconds(1), 10);
        assertEquals(3, stored.size());
        assertEquals(Set.of(251_000L, 252_000L, 253_000L),
                     stored.stream().map(LatencySample::deltaNanos).collect(Collectors.toSet()));
        LatencyBatch batch = events.stream().filter(e -> e.type() == TelemetryEvent.Type.LATENCY_BATCH)
                .map(e -> e.subject(LatencyBatch.class)).findFirst().orElseThrow();
        assertEquals(3, batch.count());
        assertEquals(252_000.0, batch.meanNanos(), 1e-9);
        assertEquals(3, collector.processor().accepted());
    }

    // A report as bmv2 sends it: Ethernet (0x88B5), report_t, then the measured packet's first bytes.
    private static byte[] frameOf(int latClass, long sequence, long ingressTs, long egressTs) {
        ByteBuffer b = ByteBuffer.allocate(14 + 28 + 20);
        b.put(new byte[12]).putShort((short) 0x88b5);
        b.put((byte) 1).put((byte) (latClass << 4)).putShort((short) 0).putInt((int) sequence);
        b.putShort((short) 1).putShort((short) 2);
        b.putShort((short) (ingressTs >>> 32)).putInt((int) ingressTs);
        b.putShort((short) (egressTs >>> 32)).putInt((int) egressTs);
        b.putInt((int) (egressTs - ingressTs));
        return b.array();
    }
}
