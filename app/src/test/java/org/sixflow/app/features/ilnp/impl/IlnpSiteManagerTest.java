// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.junit.After;
import org.junit.Test;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.TestApplicationId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.TableFullException;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteEvent;
import org.sixflow.app.features.ilnp.api.IlnpUplinkCounters;
import org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture;
import org.sixflow.app.impl.EntryText;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.BEIJING;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.NANJING;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.NPTV6_BMV2;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.example;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.site;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.uplink;

/**
 * The ILNP site manager on the lab network: validation against the network, the other sites and
 * the NPTv6 mappings; admission by table room; installs; weight changes make before break;
 * removal; ownership; devices that come back; counters.
 */
public class IlnpSiteManagerTest {

    private IlnpSiteManagerFixture fixture = new IlnpSiteManagerFixture();

    @After
    public void tearDown() {
        fixture.shutdown();
    }

    private void refused(IlnpSite site, String expected) {
        try {
            fixture.manager.add(site);
            fail("accepted " + site);
        } catch (IllegalArgumentException | IllegalStateException e) {
            assertTrue(e.getMessage() + " should say " + expected, e.getMessage().contains(expected));
        }
    }

    private static Map<PortNumber, Integer> weights(int w2, int w3) {
        return Map.of(PortNumber.portNumber(2), w2, PortNumber.portNumber(3), w3);
    }

    @Test
    public void installsTheCompilersEntriesOnTheBorderRouterAndRemovesThem() {
        List<IlnpSiteEvent.Type> heard = new CopyOnWriteArrayList<>();
        fixture.manager.addListener(e -> heard.add(e.type()));
        fixture.manager.add(example("site-a"));
        fixture.awaitEvents();
        assertEquals(InstallStatus.INSTALLED, fixture.status("site-a"));
        List<FlowRule> rules = fixture.rules();
        assertEquals(6, rules.size());
        assertEquals(new IlnpEntryCompiler(TestApplicationId.create("x")).compile(example("site-a")).stream()
                             .map(EntryText::describe).collect(Collectors.toSet()),
                     rules.stream().map(EntryText::describe).collect(Collectors.toSet()));
        PipelineModelChecker checker = new PipelineModelChecker(BundledPipeconfs.bmv2("nptv6"));
        for (FlowRule rule : rules) {
            assertEquals(BEIJING, rule.deviceId());
            assertEquals(rule.toString(), List.of(), checker.problems(rule));
        }
        assertEquals(6, fixture.manager.entries("site-a").size());

        assertTrue(fixture.manager.remove("site-a"));
        fixture.awaitEvents();
        assertTrue(fixture.rules().isEmpty());
        assertFalse(fixture.manager.remove("site-a"));
        assertEquals(List.of(), fixture.manager.entries("site-a"));
        assertEquals(List.of(IlnpSiteEvent.Type.SITE_ADDED, IlnpSiteEvent.Type.SITE_INSTALLED,
                             IlnpSiteEvent.Type.SITE_REMOVED), heard);
    }

    @Test
    public void aLostUplinkLinkMovesItsShareToTheOthersMakeBeforeBreakAndBack() {
        fixture.manager.add(example("site-a"));   // uplinks 2 (linked to nanjing) and 3, 50/50
        fixture.awaitEvents();
        fixture.flows.log.clear();
        fixture.lab.fail("device:beijing/2", "device:nanjing/1");
        fixture.awaitEvents();
        assertEquals(InstallStatus.INSTALLED, fixture.status("site-a"));
        IlnpSite stored = fixture.manager.site("site-a").orElseThrow();
        assertEquals("stored one revision on", 1, stored.revision());
        assertEquals("the operator's weights stay", weights(50, 50), stored.weights());
        // One range, the whole hash, by uplink 3, in revision 1's band; written before the old two went.
        List<FlowRule> ranges = fixture.rules().stream().filter(r -> r.table().equals(IlnpPipeline.UPLINK))
                .collect(Collectors.toList());
        assertEquals(1, ranges.size());
        assertEquals(26, ranges.get(0).priority());
        assertTrue(EntryText.describe(ranges.get(0)), EntryText.describe(ranges.get(0)).contains("port=0x3"));
        // The site's entries, as REST shows them, are those served.
        assertEquals(fixture.rules().stream().map(EntryText::describe).collect(Collectors.toSet()),
                     Set.copyOf(fixture.manager.entries("site-a")));
        List<List<String>> stages = fixture.flows.stages();
        assertEquals(stages.toString(), 2, stages.size());
        assertTrue(stages.get(0).stream().allMatch(w -> w.startsWith("add ")));
        assertTrue(stages.get(1).stream().allMatch(w -> w.startsWith("remove ")));

        fixture.lab.restore("device:beijing/2", "device:nanjing/1");
        fixture.awaitEvents();
        assertEquals(2, fixture.manager.site("site-a").orElseThrow().revision());
        assertEquals(Set.of(42, 43), fixture.rules().stream().filter(r -> r.table().equals(IlnpPipeline.UPLINK))
                .map(FlowRule::priority).collect(Collectors.toSet()));
        assertEquals(InstallStatus.INSTALLED, fixture.status("site-a"));
        // A link that is no uplink of a site changes nothing.
        fixture.lab.fail("device:wuhan/2", "device:nanjing/2");
        fixture.awaitEvents();
        assertEquals(2, fixture.manager.site("site-a").orElseThrow().revision());
    }

    @Test
    public void newWeightsAreWrittenBeforeTheOldRangesGo() {
        fixture.manager.add(example("site-a"));
        fixture.awaitEvents();
        Set<String> before = fixture.rules().stream().map(EntryText::describe).collect(Collectors.toSet());
        fixture.flows.log.clear();
        IlnpSite changed = fixture.manager.setWeights("site-a", weights(80, 20));
        assertEquals(1, changed.revision());
        fixture.awaitEvents();
        assertEquals(InstallStatus.INSTALLED, fixture.status("site-a"));
        // Only the ranges changed: two added first (one stage), the two old ones removed after.
        List<List<String>> stages = fixture.flows.stages();
        assertEquals(stages.toString(), 2, stages.size());
        assertEquals(2, stages.get(0).size());
        assertTrue(stages.get(0).stream().allMatch(w -> w.startsWith("add ") && w.contains("ilnp_uplink")));
        assertEquals(2, stages.get(1).size());
        assertTrue(stages.get(1).stream().allMatch(w -> w.startsWith("remove ") && w.contains("ilnp_uplink")));
        List<FlowRule> now = fixture.rules();
        assertEquals(6, now.size());
        Set<String> after = now.stream().map(EntryText::describe).collect(Collectors.toSet());
        assertEquals(4, after.stream().filter(before::contains).count());
        assertTrue(after.toString(), after.stream().anyMatch(e -> e.contains("0xcccb")));
        assertEquals(Set.of(26, 27), now.stream().filter(r -> r.table().equals(IlnpPipeline.UPLINK))
                .map(FlowRule::priority).collect(Collectors.toSet()));
        // 100/0 then: one range, the whole hash.
        fixture.manager.setWeights("site-a", weights(100, 0));
        fixture.awaitEvents();
        assertEquals(5, fixture.rules().size());

        try {
            fixture.manager.setWeights("site-a", weights(0, 0));
            fail("took 0/0");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith("weights: the weights sum to 0, not 100"));
        }
        try {
            fixture.manager.setWeights("nowhere", weights(50, 50));
            fail("changed no site");
        } catch (ItemNotFoundException e) {
            assertEquals("No ILNP site nowhere", e.getMessage());
        }
        assertEquals(2, fixture.manager.site("site-a").orElseThrow().revision());
    }

    @Test
    public void aRefusedWeightChangeKeepsTheOldRangesAndNothingIsLeftBehind() {
        fixture.manager.add(example("site-a"));
        fixture.awaitEvents();
        Set<FlowRule> first = Set.copyOf(fixture.rules());
        fixture.flows.refusing.add(BEIJING);
        fixture.manager.setWeights("site-a", weights(80, 20));
        fixture.awaitEvents();
        // The new ranges were refused: the old ones stay, every hash still has a range.
        assertEquals(InstallStatus.State.FAILED, fixture.status("site-a").state());
        assertEquals(first, Set.copyOf(fixture.rules()));
        fixture.flows.refusing.clear();
        // Another change: the new ranges go in, the first revision's (left behind) go out.
        fixture.manager.setWeights("site-a", weights(60, 40));
        fixture.awaitEvents();
        assertEquals(InstallStatus.INSTALLED, fixture.status("site-a"));
        assertEquals(6, fixture.rules().size());
        assertEquals(Set.of(42, 43), fixture.rules().stream().filter(r -> r.table().equals(IlnpPipeline.UPLINK))
                .map(FlowRule::priority).collect(Collectors.toSet()));
        // A refused change, then removal: nothing of any revision stays.
        fixture.flows.refusing.add(BEIJING);
        fixture.manager.setWeights("site-a", weights(50, 50));
        fixture.awaitEvents();
        fixture.flows.refusing.clear();
        fixture.manager.remove("site-a");
        fixture.awaitEvents();
        assertEquals(List.of(), fixture.rules());
    }

    @Test
    public void refusesWhatTheDeviceCannotTakeNamingTheDeviceAndItsProfile() {
        refused(site("a", org.onosproject.net.DeviceId.deviceId("device:nowhere"), "fd00:5:1:1::/64",
                     uplink(2, "2001:db8:a:1::/64", 100)), "device: device:nowhere is not a device ONOS knows");
        refused(site("a", BEIJING, "fd00:5:1:1::/64", uplink(2, "2001:db8:a:1::/64", 50),
                     uplink(9, "2001:db8:b:1::/64", 50)), "uplinks[1].port: device:beijing has no port 9");
        fixture.pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, BEIJING);
        refused(example("a"), "device: device:beijing runs profile full, which has no ILNP");
        assertTrue(fixture.manager.sites().isEmpty());
        fixture.pipeconfs.bindToDevice(NPTV6_BMV2, BEIJING);
        fixture.manager.add(example("a"));
        try {
            fixture.manager.add(example("a"));
            fail("took a name in use");
        } catch (IdInUseException e) {
            assertEquals("ILNP site a exists already", e.getMessage());
        }
    }

    @Test
    public void theSitesAndNptv6MappingsOfADeviceNeverShareALocatorOrPort() {
        fixture.manager.add(example("site-a"));
        refused(site("b", BEIJING, "fd00:5:1:2::/64", uplink(3, "2001:db8:c:1::/64", 100)),
                "uplinks[0].port: port 3 is an uplink of site site-a on device:beijing already");
        refused(site("b", BEIJING, "fd00:5:1:2::/64", uplink(4, "2001:db8:a:1::/64", 100)),
                "uplinks[0].locator: 2001:db8:a:1::/64 is a locator of site site-a on device:beijing");
        refused(site("b", BEIJING, "2001:db8:b:1::/64", uplink(4, "2001:db8:c:1::/64", 100)),
                "internalLocator: 2001:db8:b:1::/64 is a locator of site site-a on device:beijing");
        // An NPTv6 mapping of the device: its prefixes are not the site's.
        fixture.nptv6.manager.add(Nptv6MappingManagerFixture.mapping("isp1", "fd01:203:405::/48", "2001:db8:1::/48",
                                                                     "device:beijing/1"));
        refused(site("b", BEIJING, "fd01:203:405:7::/64", uplink(4, "2001:db8:1:7::/64", 100)),
                "internalLocator: fd01:203:405:7::/64 is inside NPTv6 mapping isp1's prefix fd01:203:405::/48 on"
                        + " device:beijing (NPTv6 would translate the site's ILNP packets too); uplinks[0].locator:"
                        + " 2001:db8:1:7::/64 is inside NPTv6 mapping isp1's prefix 2001:db8:1::/48");
        // Elsewhere the same locators and ports are fine: another device has tables of its own.
        fixture.manager.add(site("nanjing", NANJING, "fd00:5:1:1::/64", uplink(2, "2001:db8:a:1::/64", 50),
                                 uplink(3, "2001:db8:1:7::/64", 50)));
        fixture.awaitEvents();
        assertEquals(InstallStatus.INSTALLED, fixture.status("nanjing"));
        assertEquals(12, fixture.rules().size());
    }

    @Test
    public void aSiteWhoseEntriesDoNotFitIsRefusedNamingTheDeviceAndTable() {
        fixture.shrinkTables(Map.of(IlnpPipeline.UPLINK, 3L));
        fixture.manager.add(example("site-a"));
        fixture.awaitEvents();
        try {
            fixture.manager.add(site("b", BEIJING, "fd00:5:1:2::/64", uplink(4, "2001:db8:c:1::/64", 50),
                                     uplink(1, "2001:db8:d:1::/64", 50)));
            fail("overfilled ilnp_uplink");
        } catch (TableFullException e) {
            assertEquals("device:beijing table ilnp_uplink holds 3 entries, 2 in use, this site needs 2 more",
                         e.getMessage());
        }
        // New weights need their ranges beside the old: 2 + 2 > 3.
        try {
            fixture.manager.setWeights("site-a", weights(80, 20));
            fail("overfilled ilnp_uplink");
        } catch (TableFullException e) {
            assertEquals("device:beijing table ilnp_uplink holds 3 entries, 2 in use, this weight change needs 2 more",
                         e.getMessage());
        }
        assertEquals(0, fixture.manager.site("site-a").orElseThrow().revision());
    }

    @Test
    public void aDeviceThatRefusesMakesTheSiteFailedAndOneBackWithoutIlnpFailsIt() {
        fixture.flows.refusing.add(BEIJING);
        fixture.manager.add(example("site-a"));
        fixture.awaitEvents();
        assertEquals(InstallStatus.State.FAILED, fixture.status("site-a").state());
        fixture.flows.refusing.clear();
        fixture.deviceBack(BEIJING);
        fixture.awaitEvents();
        assertEquals(InstallStatus.INSTALLED, fixture.status("site-a"));
        assertEquals(6, fixture.flows.on(BEIJING).size());

        fixture.pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, BEIJING);
        fixture.flows.entries.clear();
        fixture.deviceBack(BEIJING);
        fixture.awaitEvents();
        assertTrue(fixture.rules().isEmpty());
        assertEquals(InstallStatus.failed(BEIJING, "device:beijing runs profile full, which has no ILNP"),
                     fixture.status("site-a"));
    }

    @Test
    public void readsEachUplinksCountersFromTheDevice() {
        fixture.manager.add(example("site-a"));
        fixture.cells.put("device:beijing SixflowIngress.ilnp_inbound.ilnp_uplink_in",
                          Map.of(2, new PiCounterCellData(5, 500), 3, new PiCounterCellData(7, 700),
                                 4, new PiCounterCellData(99, 9900)));
        fixture.cells.put("device:beijing SixflowIngress.ilnp_outbound.ilnp_uplink_out",
                          Map.of(3, new PiCounterCellData(11, 1100)));
        assertEquals(List.of(new IlnpUplinkCounters(PortNumber.portNumber(2), 5, 500, 0, 0),
                             new IlnpUplinkCounters(PortNumber.portNumber(3), 7, 700, 11, 1100)),
                     fixture.manager.counters("site-a").orElseThrow());
        assertTrue(fixture.manager.counters("nowhere").isEmpty());
        fixture.unreadable.add(BEIJING);
        try {
            fixture.manager.counters("site-a");
            fail("read an unreadable device");
        } catch (IllegalStateException e) {
            assertEquals("ONOS has no P4Runtime client for device:beijing", e.getMessage());
        }
    }
}
