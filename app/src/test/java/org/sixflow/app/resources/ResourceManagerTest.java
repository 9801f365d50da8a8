// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.resources;

import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.app.api.MauReport;
import org.sixflow.app.api.TableOccupancy;
import org.sixflow.app.telemetry.TelemetryManagerFixture;
import org.sixflow.app.testing.TestDeviceService;
import org.sixflow.app.testing.TestPipeconfService;
import org.sixflow.app.testing.TofinoArtifacts;
import org.sixflow.pipeconf.CompilerOutputService;
import org.sixflow.pipeconf.P4InfoConstants;
import org.sixflow.pipeconf.PipeconfArtifacts;
import org.sixflow.pipeconf.PipeconfFactory;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.io.File;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The resource manager: MAU reports found through the pipeconf bundle, read once per pipeconf
 * registration, with errors that say what is missing; table occupancy from the collector.
 */
public class ResourceManagerTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private final TestDeviceService devices = new TestDeviceService();
    private final TestPipeconfService pipeconfs = new TestPipeconfService();
    private ResourceManagerFixture resources;

    @Before
    public void setUp() {
        devices.addSwitch(BEIJING.toString(), true);
        pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, BEIJING);
        FlowRuleServiceAdapter flowRules = new FlowRuleServiceAdapter() {
            @Override
            public Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
                return List.of(new DefaultFlowEntry(
                        DefaultFlowRule.builder().forDevice(deviceId)
                                .forTable(P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6)
                                .withSelector(DefaultTrafficSelector.emptySelector())
                                .withTreatment(DefaultTrafficTreatment.emptyTreatment()).withPriority(10)
                                .fromApp(TestApplicationId.create("test")).makePermanent().build(),
                        FlowEntry.FlowEntryState.ADDED, 0, 0, 0));
            }
        };
        resources = new ResourceManagerFixture(devices, pipeconfs, flowRules, new TelemetryManagerFixture().manager,
                                               Optional::empty, Duration.ofHours(1), 3600);
    }

    @After
    public void tearDown() {
        resources.stop();
    }

    private static void assertNotFound(Runnable action, String... expected) {
        try {
            action.run();
            fail("found");
        } catch (ItemNotFoundException e) {
            for (String text : expected) {
                assertTrue(e.getMessage(), e.getMessage().contains(text));
            }
        }
    }

    /** A manager over a registry holding only bmv2, and compiler output a test chooses. */
    private static ResourceManager managerWith(CompilerOutputService output) {
        TestPipeconfService registry = new TestPipeconfService();
        registry.register(BundledPipeconfs.bmv2());
        ResourceManager manager = new ResourceManager();
        manager.pipeconfService = registry;
        manager.compilerOutput = output;
        manager.occupancy = device -> List.of();
        manager.activate();
        return manager;
    }

    @Test
    public void namesWhatIsMissing() {
        assertNotFound(() -> resources.manager.mauReport(new PiPipeconfId("org.other")),
                       "No pipeconf org.other is registered");
        // bmv2 is registered by the pipeconf bundle's loader, but no Tofino compiler wrote a report for it.
        assertNotFound(() -> resources.manager.mauReport(SixflowPipeconfs.FULL_BMV2),
                       "Pipeconf org.sixflow.full.bmv2 came without a Tofino compiler report (pipe/logs/resources.json)",
                       "pipeconf/build-p4.sh tofino", "tofinoArtifactsDir");
        // Without Tofino artifacts there is no Tofino pipeconf: the message says how to get one.
        ResourceManager bare = managerWith((id, path) -> Optional.empty());
        assertNotFound(() -> bare.mauReport(SixflowPipeconfs.CORE_TOFINO),
                       "No pipeconf org.sixflow.core.tofino is registered", "tofinoArtifactsDir");
    }

    @Test
    public void anUnreadableReportSaysWhereAndWhy() throws Exception {
        File broken = folder.newFile("resources.json");
        Files.write(broken.toPath(), "{\"compiler_version\": \"9.13.4\", \"resources\": {}}".getBytes());
        ResourceManager manager = managerWith((id, path) -> Optional.of(url(broken)));
        try {
            manager.mauReport(SixflowPipeconfs.FULL_BMV2);
            fail("read a report without MAU figures");
        } catch (UncheckedIOException e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith("Cannot read the Tofino compiler report of "
                                                                         + "org.sixflow.full.bmv2 at file:"));
            assertTrue(e.getMessage(), e.getMessage().endsWith("resources.json: resources.mau is missing"));
        }
        Files.write(broken.toPath(), "not json".getBytes());
        try {
            managerWith((id, path) -> Optional.of(url(broken))).mauReport(SixflowPipeconfs.FULL_BMV2);
            fail("read text as a report");
        } catch (UncheckedIOException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("Unrecognized token 'not'"));
        }
    }

    private static URL url(File file) {
        try {
            return file.toURI().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    public void readsTheCommittedTofinoReportOncePerRegistration() throws Exception {
        TofinoArtifacts.requireReport();
        MauReport report = resources.manager.mauReport(SixflowPipeconfs.CORE_TOFINO);
        assertEquals(SixflowPipeconfs.CORE_TOFINO, report.pipeconf());
        assertSame("read once", report, resources.manager.mauReport(SixflowPipeconfs.CORE_TOFINO));
        // A new registration (e.g. tofinoArtifactsDir changed) is read again.
        AtomicInteger reads = new AtomicInteger();
        TestPipeconfService registry = new TestPipeconfService();
        registry.register(PipeconfFactory.tofino(SixflowPipeconfs.CORE_TOFINO, PipeconfArtifacts.ofDirectory(TofinoArtifacts.DIR)));
        ResourceManager manager = new ResourceManager();
        manager.pipeconfService = registry;
        manager.compilerOutput = (id, path) -> {
            reads.incrementAndGet();
            return Optional.of(url(new File(TofinoArtifacts.DIR, path)));
        };
        manager.occupancy = device -> List.of();
        MauReport first = manager.mauReport(SixflowPipeconfs.CORE_TOFINO);
        manager.mauReport(SixflowPipeconfs.CORE_TOFINO);
        registry.unregister(SixflowPipeconfs.CORE_TOFINO);
        registry.register(PipeconfFactory.tofino(SixflowPipeconfs.CORE_TOFINO, PipeconfArtifacts.ofDirectory(TofinoArtifacts.DIR)));
        MauReport second = manager.mauReport(SixflowPipeconfs.CORE_TOFINO);
        assertNotSame(first, second);
        assertEquals(first, second);
        assertEquals(2, reads.get());
    }

    @Test
    public void tableOccupancyIsTheCollectorsLatestReading() {
        assertEquals(List.of(), resources.manager.tableOccupancy(Optional.empty()));
        List<TableOccupancy> readings = resources.collect();
        assertEquals(readings, resources.manager.tableOccupancy(Optional.of(BEIJING)));
        assertEquals(1, resources.manager.tableOccupancy(Optional.empty()).stream()
                .filter(t -> t.table().equals(P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6.id()))
                .mapToInt(TableOccupancy::entries).sum());
        assertEquals(List.of(), resources.manager.tableOccupancy(Optional.of(DeviceId.deviceId("device:none"))));
    }
}
