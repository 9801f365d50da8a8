// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cfg.ConfigProperty;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.instructions.Instructions;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentRunState;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.experiments.ExperimentTargets;
import org.sixflow.app.experiments.Pacer;
import org.sixflow.app.experiments.ProbeSchedule;
import org.sixflow.app.experiments.ProbeTag;
import org.sixflow.app.experiments.RealtimeThread;
import org.sixflow.app.features.apn6.experiments.Apn6PolicyTarget;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.experiments.Msr6TreeTarget;
import org.sixflow.app.telemetry.report.TelemetryReportParser;
import org.sixflow.app.testing.FeatureExperimentTargets;
import org.sixflow.app.testing.InMemoryExperimentStore;
import org.sixflow.app.testing.SettableClock;
import org.sixflow.app.testing.TestMsr6TreeService;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A probe run from start to stored results over a pretend switch: the sampling is raised and
 * waited for, probes leave by the neighbour's port with their tags, reports come back through the
 * collector, the missing ones are counted lost after the drain time, the sampling is restored.
 * Time is a settable clock the run's waits move; the pacer's ticker moves as it waits.
 */
public class TrafficRunTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final ConnectPoint WUHAN_TO_BEIJING = ConnectPoint.deviceConnectPoint("device:wuhan/1");
    private static final ProbePacket PACKET = ProbePacket.of(Ip6Address.valueOf("fd00:1:1::10"),
                                                             Ip6Address.valueOf("fd00:1:3::10"), 40000, 5004, 64);

    private final InMemoryExperimentStore store = new InMemoryExperimentStore();
    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-24T10:00:00Z"));
    private final Map<String, String> properties = new LinkedHashMap<>();
    private final List<String> propertyHistory = new ArrayList<>();
    private final ReportingSwitch dataPlane = new ReportingSwitch(BEIJING, LatencyClass.IPV6, LatencyClass.APN6_INSERT);
    private final AtomicInteger samplingChecks = new AtomicInteger();
    private ProbeCollector collector;
    private RunEnvironment env;
    private long ticker;

    @Before
    public void setUp() {
        properties.put("reportSampling", "10");
        SamplingControl sampling = new SamplingControl(new ComponentConfigAdapter() {
            @Override
            public void setProperty(String component, String name, String value) {
                properties.put(name, value);
                propertyHistory.add(value);
            }

            @Override
            public ConfigProperty getProperty(String component, String name) {
                return ConfigProperty.defineProperty(name, ConfigProperty.Type.STRING, properties.get(name), "");
            }
        });
        collector = new ProbeCollector(device -> Optional.of(new TelemetryReportParser(1000)), clock);
        dataPlane.addProcessor(collector, 0);
        Pacer pacer = new Pacer(() -> ticker, deadline -> ticker = Math.max(ticker, deadline) + 50);
        env = new RunEnvironment(store, dataPlane, sampling,
                                 (device, value) -> samplingChecks.incrementAndGet() > 2, () -> null, () -> pacer,
                                 clock, "n1", Duration.ofSeconds(1), Duration.ofSeconds(15), Duration.ofMillis(5),
                                 clock::advance);
    }

    private Experiment experiment(int n) {
        return experiment("apn6", n);
    }

    private Experiment experiment(String id, int n) {
        return Experiment.builder(id).ingress(ConnectPoint.deviceConnectPoint("device:beijing/1"))
                .classes(List.of(ExperimentClass.of("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, PACKET,
                                                    null, null),
                                 ExperimentClass.of("apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT,
                                                    ProbePacket.of(PACKET.source(), PACKET.destination(), 40000, 6100,
                                                                   64), null, "p")))
                .packetsPerClass(n).warmup(10).blockSize(50).interval(Duration.ofMillis(1)).build();
    }

    /** The network's trees as the plan asks for them (none unless a test sets its lookup). */
    private final TestMsr6TreeService treeService = new TestMsr6TreeService();

    /** APN6's target, as it says where its packets are measured, but every policy a class names is there. */
    private static final ExperimentTarget ANY_POLICY = new ExperimentTarget() {
        private final ExperimentTarget apn6 = new Apn6PolicyTarget();

        @Override
        public Field field() {
            return apn6.field();
        }

        @Override
        public Set<LatencyClass> latencyClasses() {
            return apn6.latencyClasses();
        }

        @Override
        public Set<LatencyClass> downstreamClasses() {
            return apn6.downstreamClasses();
        }

        @Override
        public Optional<ProbePacket> plan(ExperimentClass c, DeviceId ingress, String at,
                                          Map<String, String> problems) {
            return c.packet();
        }
    };

    private ProbePlan plan(Experiment e) {
        ProbePlan.Network network = new ProbePlan.Network() {
            @Override
            public boolean hasDevice(DeviceId device) {
                return true;
            }

            @Override
            public boolean reports(DeviceId device) {
                return true;
            }

            @Override
            public Optional<ConnectPoint> linkInto(ConnectPoint port) {
                return Optional.of(WUHAN_TO_BEIJING);
            }

            @Override
            public Optional<MacAddress> routerMac(DeviceId device) {
                return Optional.of(MacAddress.valueOf(device.equals(BEIJING) ? "00:aa:00:00:00:01"
                                                              : "00:aa:00:00:00:02"));
            }

            @Override
            public boolean generatorServes(ConnectPoint port) {
                return false;
            }

            @Override
            public ExperimentTargets targets() {
                return ExperimentTargets.of(List.of(new Msr6TreeTarget(treeService), ANY_POLICY));
            }
        };
        Map<String, String> problems = new HashMap<>();
        return ProbePlan.resolve(e, network, problems).orElseThrow(() -> new AssertionError(problems));
    }

    private ExperimentRun runToEnd(Experiment e) {
        store.createExperiment(e);
        ExperimentRun run = store.createRun(e.id(), e.packetsInRun(), clock.instant());
        store.transition(run.id(), ExperimentRunState.QUEUED, ExperimentRunState.RUNNING, "n1", null, clock.instant());
        RunReports reports = new RunReports(run.id(), e, ProbeSchedule.of(e));
        assertTrue(collector.register(1, reports));
        List<RunExecution> finished = new ArrayList<>();
        new TrafficRun(env, run, e, plan(e), reports, 1, () -> collector.unregister(1), finished::add).run();
        assertEquals(1, finished.size());
        return store.run(run.id()).orElseThrow();
    }

    @Test
    public void probesAreSentMeasuredAndAccountedFor() {
        dataPlane.delivers = tag -> !(tag.classIndex() == 1 && tag.sequence() % 100 == 37);
        Experiment e = experiment(500);
        ExperimentRun run = runToEnd(e);
        assertEquals(run.reason().orElse(""), ExperimentRunState.DONE, run.state());
        assertEquals(1020, run.sent());
        assertEquals(1020, dataPlane.emitted.size());

        // Probes leave by wuhan's port to beijing's ingress, to beijing's router MAC, tagged.
        dataPlane.emitted.forEach(p -> {
            assertEquals(WUHAN_TO_BEIJING.deviceId(), p.sendThrough());
            assertEquals(Instructions.createOutput(WUHAN_TO_BEIJING.port()), p.treatment().allInstructions().get(0));
        });
        ByteBuffer first = dataPlane.emitted.get(0).data().duplicate();
        assertEquals(MacAddress.valueOf("00:aa:00:00:00:01"), MacAddress.valueOf(Arrays.copyOf(first.array(), 6)));
        assertEquals(1, ProbeTag.read(first.getInt(14)).orElseThrow().runTag());

        List<ExperimentCellResult> cells = store.cellResults(run.id());
        ExperimentClassResult ipv6 = cells.get(0).classes().get(0);
        ExperimentClassResult apn6 = cells.get(0).classes().get(1);
        assertEquals(500, ipv6.sent());
        assertEquals(500, ipv6.received());
        assertEquals(0, ipv6.lost());
        assertEquals(10, ipv6.warmupSent());
        assertEquals("every 100th probe of apn6 from 37 lost (warm-up ones included in the schedule)", 5,
                     apn6.lost());
        assertEquals(apn6.sent(), apn6.received() + apn6.lost());
        assertEquals(45_000, apn6.latency().orElseThrow().min(), 0);
        assertEquals(40_000, ipv6.latency().orElseThrow().min(), 0);
        assertTrue(run.pacing().isPresent());
        assertEquals(1_000_000, run.pacing().get().requestedIntervalNanos());
        assertTrue("a report is a sample", store.samples(run.id(), OptionalInt.empty(), 10_000).size()
                > 1000);

        // Every packet of the run's classes (and APN6 transit) was reported, then the old rate came back.
        // (only at beijing, the ingress device, for its own classes: the routers after it need not report them)
        assertEquals(List.of("ipv6=10,apn6-insert=10,apn6-transit=0,msr6-te-encap=10,msr6-rlb-encap=10,"
                                     + "msr6-replicate=10,msr6-decap=10,gtpu-encap-zero=10,gtpu-encap-full=10,"
                                     + "gtpu-encap-incremental=10,gtpu-decap=10,ipv6=0@device:beijing,"
                                     + "apn6-insert=0@device:beijing", "10"), propertyHistory);
        assertEquals("10", store.samplingBefore(run.id()).orElseThrow());
        assertTrue("it waited for the entries", samplingChecks.get() >= 3);
        assertTrue("the run gave its tag back", collector.register(1, (tag, sample) -> { }));
    }

    @Test
    public void theSendingThreadIsRaisedWhileItSendsOnlyAndARefusalDoesNotStopTheRun() {
        List<String> events = new ArrayList<>();
        dataPlane.delivers = tag -> {
            events.add("emit");
            return true;
        };
        env.pacerPriority = () -> {
            events.add("raise");
            return new RealtimeThread.Raised() {
                @Override
                public String refusal() {
                    return "chrt -f -p 2 99 exited with 1: Operation not permitted";
                }

                @Override
                public void close() {
                    events.add("close");
                }
            };
        };
        ExperimentRun run = runToEnd(experiment(20));
        assertEquals(run.reason().orElse(""), ExperimentRunState.DONE, run.state());
        assertEquals("raise", events.get(0));
        assertEquals("close", events.get(events.size() - 1));
        assertEquals(60, events.stream().filter("emit"::equals).count());
        assertEquals(60, events.size() - 2);
    }

    @Test
    public void classesAreMeasuredAtTheIngressAndStagesAddWhereThePacketsGoOn() {
        Experiment e = experiment(10);
        ExperimentTargets features = FeatureExperimentTargets.withoutServices();
        assertEquals(EnumSet.of(LatencyClass.IPV6, LatencyClass.APN6_INSERT), TrafficRun.measured(e));
        assertEquals(EnumSet.of(LatencyClass.APN6_TRANSIT), TrafficRun.downstream(e, features));
        assertEquals(EnumSet.noneOf(LatencyClass.class),
                     TrafficRun.downstream(e.toBuilder().stages(false).build(), features));
        assertEquals("a feature not running says nothing", EnumSet.noneOf(LatencyClass.class),
                     TrafficRun.downstream(e, ExperimentTargets.NONE));
        Experiment every = e.toBuilder().classes(List.of(
                e.classes().get(0), e.classes().get(1),
                ExperimentClass.of("te", ExperimentClassRole.FEATURE, LatencyClass.MSR6_TE_ENCAP, null, "te", null),
                ExperimentClass.of("gtpu", ExperimentClassRole.FEATURE, LatencyClass.GTPU_ENCAP_ZERO, PACKET, null,
                                   null, "t"))).build();
        assertEquals(EnumSet.of(LatencyClass.APN6_TRANSIT, LatencyClass.MSR6_REPLICATE, LatencyClass.MSR6_DECAP),
                     TrafficRun.downstream(every, features));
        Experiment rlb = e.toBuilder().classes(List.of(ExperimentClass.of(
                "rlb", ExperimentClassRole.FEATURE, LatencyClass.MSR6_RLB_ENCAP, null, "rlb", null))).build();
        assertEquals("RLB's copies are measured as TE's", EnumSet.of(LatencyClass.MSR6_REPLICATE,
                                                                     LatencyClass.MSR6_DECAP),
                     TrafficRun.downstream(rlb, features));
    }

    @Test
    public void aTreeRebuiltPastWhatReportsShowDuringTheRunFailsItSayingSo() {
        // A link ONOS discovered mid-run rebuilt the tree with 4 M-SIDs (the lab saw it): a report
        // no longer reaches its probes, and the class would have counted none, as if all were lost.
        Msr6TreeRequest request = Msr6TreeRequest.of("te", ConnectPoint.deviceConnectPoint("device:beijing/3"),
                                                     Ip6Address.valueOf("ff3e::7"),
                                                     Set.of(ConnectPoint.deviceConnectPoint("device:nanjing/4")),
                                                     Msr6Mode.TE, Msr6TreeRequest.Algorithm.SHORTEST_PATHS)
                .withSourceAddress(PACKET.source());
        AtomicReference<Msr6Tree> tree = new AtomicReference<>(new Msr6Tree(request, 3, List.of(), msids(2), 1,
                                                                              Map.of()));
        treeService.lookup = id -> id.equals("te") ? Optional.of(tree.get()) : Optional.empty();
        dataPlane.delivers = tag -> {
            tree.set(new Msr6Tree(request, 5, List.of(), msids(4), 1, Map.of()));
            return true;
        };
        Experiment e = treeExperiment("msr6");
        ExperimentRun run = runToEnd(e);
        assertEquals(ExperimentRunState.FAILED, run.state());
        assertTrue(run.reason().orElseThrow(), run.reason().get().contains("tree te was rebuilt with 4 M-SIDs"));
        assertTrue(store.cellResults(run.id()).isEmpty());

        // Rebuilt within what a report shows, the run stands.
        dataPlane.delivers = t -> {
            tree.set(new Msr6Tree(request, 6, List.of(), msids(3), 1, Map.of()));
            return true;
        };
        tree.set(new Msr6Tree(request, 3, List.of(), msids(2), 1, Map.of()));
        ExperimentRun again = runToEnd(treeExperiment("msr6-again"));
        assertEquals(again.reason().orElse(""), ExperimentRunState.DONE, again.state());
    }

    private static Experiment treeExperiment(String id) {
        return Experiment.builder(id).ingress(ConnectPoint.deviceConnectPoint("device:beijing/1"))
                .classes(List.of(ExperimentClass.of("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, PACKET,
                                                    null, null),
                                 ExperimentClass.of("te", ExperimentClassRole.FEATURE, LatencyClass.MSR6_TE_ENCAP,
                                                    null, "te", null)))
                .packetsPerClass(50).warmup(10).blockSize(50).interval(Duration.ofMillis(1)).build();
    }

    private static List<Ip6Address> msids(int count) {
        List<Ip6Address> msids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            msids.add(Ip6Address.valueOf("fd00:1:" + (i + 2) + "::100:3:0:0"));
        }
        return msids;
    }

    @Test
    public void aSamplingThatNeverArrivesFailsTheRun() {
        env = new RunEnvironment(store, dataPlane, env.sampling, (d, v) -> false, () -> null, env.pacers, clock,
                                 "n1", Duration.ofSeconds(1), Duration.ofSeconds(15), Duration.ofMillis(100),
                                 clock::advance);
        ExperimentRun run = runToEnd(experiment(10));
        assertEquals(ExperimentRunState.FAILED, run.state());
        assertTrue(run.reason().orElseThrow(), run.reason().get().contains("did not reach device:beijing within"));
        assertEquals(0, dataPlane.emitted.size());
        assertEquals("restored", "10", properties.get("reportSampling"));
        assertTrue(store.cellResults(run.id()).isEmpty());
    }

    @Test
    public void aRunMeasuringTheStagesWaitsForTheSamplingOnEveryReportingDevice() {
        DeviceId wuhan = DeviceId.deviceId("device:wuhan");
        env = new RunEnvironment(store, dataPlane, env.sampling, (d, v) -> !d.equals(wuhan), () -> null, env.pacers,
                                 clock, "n1", Duration.ofSeconds(1), Duration.ofSeconds(15), Duration.ofMillis(100),
                                 clock::advance);
        env.reportingDevices = () -> List.of(DeviceId.deviceId("device:beijing"), wuhan);
        ExperimentRun run = runToEnd(experiment(10));
        assertEquals(ExperimentRunState.FAILED, run.state());
        assertTrue(run.reason().orElseThrow(), run.reason().get().contains("did not reach device:wuhan within"));
        assertEquals("nothing sent before every device samples", 0, dataPlane.emitted.size());
        ExperimentRun ingressOnly = runToEnd(experiment("apn6-ingress", 10).toBuilder().stages(false).build());
        assertEquals("without the stages only the ingress device is waited for", ExperimentRunState.DONE,
                     ingressOnly.state());
    }

    @Test
    public void aRunMeasuringTheStagesWaitsForTheReportsOfTheDevicesFurtherOn() {
        DeviceId wuhan = DeviceId.deviceId("device:wuhan");
        // The second switch's reports come 17 probes behind the ingress device's (as in the split
        // BNG lab), the last ones two per poll: never quiet for the drain time.
        dataPlane.reportFurtherOn(wuhan, LatencyClass.APN6_TRANSIT, 17);
        env = new RunEnvironment(store, dataPlane, env.sampling, (d, v) -> true, () -> null, env.pacers, clock, "n1",
                                 Duration.ofSeconds(1), Duration.ofSeconds(15), Duration.ofMillis(5), d -> {
                                     clock.advance(d);
                                     dataPlane.releaseLate(2);
                                 });
        Experiment e = experiment(50);
        ExperimentRun run = runToEnd(e);
        assertEquals(run.reason().orElse(""), ExperimentRunState.DONE, run.state());
        List<ExperimentSample> samples = store.samples(run.id(), OptionalInt.empty(), 10_000);
        assertEquals("every probe's report from the device further on is in the results", e.packetsInRun(),
                     samples.stream().filter(s -> s.device().equals(wuhan.toString())).count());

        ExperimentRun ingressOnly = runToEnd(experiment("apn6-ingress", 50).toBuilder().stages(false).build());
        assertEquals(ExperimentRunState.DONE, ingressOnly.state());
        assertTrue("without the stages the run ends with the ingress device's last report",
                   store.samples(ingressOnly.id(), OptionalInt.empty(), 10_000).stream()
                           .filter(s -> s.device().equals(wuhan.toString())).count() < e.packetsInRun());
    }
}
