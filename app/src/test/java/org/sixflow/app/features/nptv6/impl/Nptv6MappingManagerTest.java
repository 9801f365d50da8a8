// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import org.junit.After;
import org.junit.Test;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DefaultPort;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.TableFullException;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingEvent;
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
import static org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture.BEIJING;
import static org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture.NANJING;
import static org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture.NPTV6_BMV2;
import static org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture.example;
import static org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture.mapping;

/**
 * The NPTv6 mapping manager on the lab network: validation against the network and the other
 * mappings, admission by table room, installs, removal, ownership, devices that come back.
 */
public class Nptv6MappingManagerTest {

    private Nptv6MappingManagerFixture fixture = new Nptv6MappingManagerFixture();

    @After
    public void tearDown() {
        fixture.storage.shutdown();
    }

    /** Adds a mapping expecting a refusal whose message has the given text. */
    private void refused(NamedNptv6Mapping mapping, String expected) {
        try {
            fixture.manager.add(mapping);
            fail("accepted " + mapping);
        } catch (IllegalArgumentException | IllegalStateException e) {
            assertTrue(e.getMessage() + " should say " + expected, e.getMessage().contains(expected));
        }
    }

    @Test
    public void installsTheCompilersFourEntriesOnTheUplinksDeviceAndRemovesThem() {
        List<Nptv6MappingEvent.Type> heard = new CopyOnWriteArrayList<>();
        fixture.manager.addListener(e -> heard.add(e.type()));
        fixture.manager.add(example("isp1"));
        fixture.awaitEvents();
        assertEquals(InstallStatus.INSTALLED, fixture.status("isp1"));
        List<FlowRule> rules = fixture.rules();
        assertEquals(4, rules.size());
        // Exactly what the compiler makes of the mapping.
        assertEquals(new Nptv6EntryCompiler(TestApplicationId.create("x")).compile(example("isp1").mapping())
                             .stream().map(EntryText::describe).collect(Collectors.toSet()),
                     rules.stream().map(EntryText::describe).collect(Collectors.toSet()));
        PipelineModelChecker checker = new PipelineModelChecker(BundledPipeconfs.bmv2("nptv6"));
        for (FlowRule rule : rules) {
            assertEquals(BEIJING, rule.deviceId());
            assertEquals(rule.toString(), List.of(), checker.problems(rule));
        }
        assertEquals(Set.of(Nptv6Pipeline.INBOUND, Nptv6Pipeline.INBOUND_ICMP, Nptv6Pipeline.OUTBOUND,
                            Nptv6Pipeline.OUTBOUND_ICMP),
                     rules.stream().map(FlowRule::table).collect(Collectors.toSet()));
        List<String> entries = fixture.manager.entries("isp1");
        assertEquals(4, entries.size());
        assertTrue(entries.toString(), entries.get(0).startsWith("SixflowIngress.nptv6_inbound.nptv6_inbound {"));

        assertTrue(fixture.manager.remove("isp1"));
        fixture.awaitEvents();
        assertTrue(fixture.rules().isEmpty());
        assertFalse(fixture.manager.remove("isp1"));
        assertEquals(List.of(), fixture.manager.entries("isp1"));
        assertEquals(List.of(Nptv6MappingEvent.Type.MAPPING_ADDED, Nptv6MappingEvent.Type.MAPPING_INSTALLED,
                             Nptv6MappingEvent.Type.MAPPING_REMOVED), heard);
    }

    @Test
    public void refusesWhatTheUplinkCannotTakeNamingTheDeviceAndItsProfile() {
        refused(mapping("a", "fd01::/48", "2001:db8:1::/48", "device:nowhere/1"),
                "uplink: device:nowhere is not a device ONOS knows");
        refused(mapping("a", "fd01::/48", "2001:db8:1::/48", "device:beijing/9"),
                "uplink: device:beijing has no port 9");
        fixture.pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, BEIJING);
        refused(example("a"), "mapping a: uplink: device:beijing runs profile full, which has no NPTV6");
        fixture.pipeconfs.bindToDevice(NPTV6_BMV2, BEIJING);
        fixture.lab.devices.setPorts(NANJING, List.of(new DefaultPort(fixture.lab.devices.getDevice(NANJING),
                                                                      PortNumber.portNumber(512), true)));
        refused(mapping("a", "fd01::/48", "2001:db8:1::/48", "device:nanjing/512"),
                "uplink: port number 512 does not fit the data plane's 9-bit egress port");
        assertTrue(fixture.manager.mappings().isEmpty());
        fixture.manager.add(example("a"));
        try {
            fixture.manager.add(mapping("a", "fd02::/48", "2001:db8:2::/48", "device:beijing/3"));
            fail("took an id in use");
        } catch (IdInUseException e) {
            assertEquals("NPTv6 mapping id a is in use", e.getMessage());
        }
        assertEquals(1, fixture.manager.mappings().size());
    }

    @Test
    public void theMappingsOfADeviceShareAnInternalPrefixOrAreDisjointAndTheirExternalOnesNeverMeet() {
        // One site on two providers: the same internal prefix on two uplinks.
        fixture.manager.add(example("isp1"));
        fixture.manager.add(mapping("isp2", "fd01:203:405::/48", "2001:db8:2::/48", "device:beijing/3"));
        refused(mapping("c", "fd02::/48", "2001:db8:3::/48", "device:beijing/2"),
                "uplink: device:beijing/2 has mapping isp1 already");
        refused(mapping("d", "fd03::/32", "2001:db8::/32", "device:beijing/4"),
                "externalPrefix: 2001:db8::/32 overlaps mapping isp1's external prefix 2001:db8:1::/48 on"
                        + " device:beijing");
        refused(mapping("e", "2001:db8:1::/48", "2001:db9::/48", "device:beijing/4"),
                "internalPrefix: 2001:db8:1::/48 overlaps mapping isp1's external prefix");
        refused(mapping("f", "fd09::/48", "fd01:203:405::/48", "device:beijing/4"),
                "externalPrefix: fd01:203:405::/48 overlaps mapping isp1's internal prefix");
        refused(mapping("g", "fd01::/16", "2002::/16", "device:beijing/4"),
                "internalPrefix: fd01::/16 overlaps mapping isp1's internal prefix fd01:203:405::/48 on device:beijing"
                        + " without being equal");
        // Another site, disjoint, on the device's last uplink.
        fixture.manager.add(mapping("site2", "fd09::/48", "2001:db8:9::/48", "device:beijing/4"));
        // Another device has tables of its own: the same prefixes are fine there.
        fixture.manager.add(mapping("nanjing", "fd01:203:405::/48", "2001:db8:1::/48", "device:nanjing/2"));
        fixture.awaitEvents();
        assertEquals(List.of("isp1", "isp2", "nanjing", "site2"), fixture.manager.mappings().stream()
                .map(NamedNptv6Mapping::id).collect(Collectors.toList()));
        for (String id : List.of("isp1", "isp2", "nanjing", "site2")) {
            assertEquals(id, InstallStatus.INSTALLED, fixture.status(id));
        }
        assertEquals(16, fixture.rules().size());
    }

    @Test
    public void aMappingWhoseEntriesDoNotFitATableIsRefusedNamingTheDeviceAndTable() {
        fixture.shrinkTables(Map.of(Nptv6Pipeline.INBOUND, 1L));
        fixture.manager.add(example("isp1"));
        fixture.awaitEvents();
        NamedNptv6Mapping second = mapping("isp2", "fd01:203:405::/48", "2001:db8:2::/48", "device:beijing/3");
        try {
            fixture.manager.add(second);
            fail("overfilled nptv6_inbound");
        } catch (TableFullException e) {
            assertEquals("device:beijing table nptv6_inbound holds 1 entry, 1 in use, this mapping needs 1 more",
                         e.getMessage());
        }
        assertEquals(1, fixture.manager.mappings().size());
        // Pending mappings claim room before the device shows their entries.
        fixture.manager.remove("isp1");
        fixture.awaitEvents();
        fixture.manager.add(second);
        fixture.awaitEvents();
        assertEquals(InstallStatus.INSTALLED, fixture.status("isp2"));
        assertEquals(4, fixture.flows.on(BEIJING).size());
    }

    @Test
    public void aDeviceBackGetsItsEntriesAgainAndOneBackWithoutNptv6FailsThem() {
        fixture.manager.add(example("isp1"));
        fixture.manager.add(mapping("nanjing", "fd01:203:405::/48", "2001:db8:1::/48", "device:nanjing/2"));
        fixture.awaitEvents();
        fixture.flows.entries.clear();              // both devices lost them
        fixture.deviceBack(BEIJING);
        fixture.awaitEvents();
        assertEquals(4, fixture.rules().size());
        assertEquals(4, fixture.flows.on(BEIJING).size());

        // beijing comes back with the full profile: nothing is written, the mapping says why.
        fixture.pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, BEIJING);
        fixture.flows.entries.clear();
        fixture.deviceBack(BEIJING);
        fixture.awaitEvents();
        assertTrue(fixture.rules().isEmpty());
        InstallStatus failed = fixture.status("isp1");
        assertEquals(InstallStatus.failed(BEIJING, "device:beijing runs profile full, which has no NPTV6"), failed);
        assertEquals(InstallStatus.INSTALLED, fixture.status("nanjing"));

        // And back with nptv6: installed again.
        fixture.pipeconfs.bindToDevice(NPTV6_BMV2, BEIJING);
        fixture.deviceBack(BEIJING);
        fixture.awaitEvents();
        assertEquals(InstallStatus.INSTALLED, fixture.status("isp1"));
        assertEquals(4, fixture.flows.on(BEIJING).size());
    }

}
