// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.runtime.PiCounterCellData;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelCounters;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.app.features.gtpu.impl.GtpuTunnelManagerFixture.tunnel;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_GTPU_DECAP_COUNTER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_N3;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP_COUNTER;

/**
 * The tunnel manager's lifecycle on one instance and in a cluster: install, remove, the shared
 * N3 entry, counter indexes, reinstall on activation, owner-only install, live counters.
 */
public class GtpuTunnelManagerTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private GtpuTunnelManagerFixture fixture = new GtpuTunnelManagerFixture();

    @After
    public void tearDown() {
        fixture.storage.shutdown();
    }

    private long n3Entries() {
        return fixture.rules().stream().filter(r -> r.table().equals(SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_N3)).count();
    }

    @Test
    public void installsATunnelsEntriesAndRemovesThem() {
        GtpuTunnel stored = fixture.manager.create(tunnel("ue-1", "fd00:9:1::/64", 1).build());
        assertEquals(0, stored.counterIndex().getAsInt());
        fixture.awaitEvents();
        assertEquals(InstallStatus.INSTALLED, fixture.status("ue-1"));
        assertEquals(5, fixture.rules().size());     // n3, decap, one source, one encap and one hairpin entry
        PipelineModelChecker checker = new PipelineModelChecker(BundledPipeconfs.bmv2().pipelineModel());
        fixture.rules().forEach(rule -> assertEquals(rule.toString(), List.of(), checker.problems(rule)));
        assertEquals(List.of(BEIJING), List.copyOf(fixture.manager.entries("ue-1").keySet()));

        assertTrue(fixture.manager.remove("ue-1"));
        fixture.awaitEvents();
        assertTrue(fixture.rules().isEmpty());
        assertFalse(fixture.manager.remove("ue-1"));
    }

    @Test
    public void theSharedN3EntryStaysUntilTheLastTunnelOfTheAddressGoes() {
        fixture.manager.create(tunnel("ue-1", "fd00:9:1::/64", 1).build());
        GtpuTunnel second = fixture.manager.create(tunnel("ue-2", "fd00:9:2::/64", 2).build());
        assertEquals(1, second.counterIndex().getAsInt());
        fixture.awaitEvents();
        assertEquals(9, fixture.rules().size());     // one n3, two each of decap, source, encap, hairpin
        assertEquals(1, n3Entries());
        fixture.manager.remove("ue-1");
        fixture.awaitEvents();
        assertEquals(5, fixture.rules().size());
        assertEquals(1, n3Entries());
        fixture.manager.remove("ue-2");
        fixture.awaitEvents();
        assertEquals(0, n3Entries());
        assertTrue(fixture.rules().isEmpty());
    }

    @Test
    public void givesRoutingTheN3AddressesWhileATunnelHasThem() {
        // Routing writes each a /128 to the controller: a ping to an N3 address is the router's.
        List<DeviceId> told = new CopyOnWriteArrayList<>();
        fixture.localAddresses.addListener(told::add);
        Ip6Address n3 = Ip6Address.valueOf("fd00:1:1::ff:1");
        fixture.manager.create(tunnel("ue-1", "fd00:9:1::/64", 1).build());
        fixture.manager.create(tunnel("ue-2", "fd00:9:2::/64", 2).build());
        fixture.awaitEvents();
        assertEquals(Set.of(n3), fixture.localAddresses.addresses(BEIJING));
        assertEquals(Set.of(), fixture.localAddresses.addresses(DeviceId.deviceId("device:wuhan")));
        assertTrue(told.contains(BEIJING));
        fixture.manager.remove("ue-1");
        assertEquals(Set.of(n3), fixture.localAddresses.addresses(BEIJING));
        told.clear();
        fixture.manager.remove("ue-2");
        fixture.awaitEvents();
        assertEquals(Set.of(), fixture.localAddresses.addresses(BEIJING));
        assertTrue(told.contains(BEIJING));
        assertTrue(told.stream().allMatch(BEIJING::equals));
        // A stopped manager gives none: its provider is gone.
        fixture.manager.create(tunnel("ue-3", "fd00:9:3::/64", 3).build());
        assertEquals(Set.of(n3), fixture.localAddresses.addresses(BEIJING));
        fixture.manager.deactivate();
        assertEquals(Set.of(), fixture.localAddresses.addresses(BEIJING));
    }

    @Test
    public void aFreedCounterIndexIsGivenAgain() {
        fixture.manager.create(tunnel("ue-1", "fd00:9:1::/64", 1).build());
        fixture.manager.create(tunnel("ue-2", "fd00:9:2::/64", 2).build());
        fixture.manager.remove("ue-1");
        assertEquals(0, fixture.manager.create(tunnel("ue-3", "fd00:9:3::/64", 3).build()).counterIndex().getAsInt());
    }

    @Test
    public void refusesAnIdInUseAndAnInvalidTunnelNamingWhatIsWrong() {
        fixture.manager.create(tunnel("ue-1", "fd00:9:1::/64", 1).build());
        try {
            fixture.manager.create(tunnel("ue-1", "fd00:9:2::/64", 2).build());
            fail("took an id in use");
        } catch (IdInUseException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("ue-1"));
        }
        try {
            fixture.manager.create(tunnel("ue-2", "fd00:9:2::/64", 1).build());
            fail("took a TEID in use");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("uplinkTeid 1 is tunnel ue-1's"));
        }
        assertEquals(1, fixture.manager.tunnels().size());
    }

    @Test
    public void countersSumTheEncapDevicesAndListTheUnreadOnes() {
        DeviceId nanjing = DeviceId.deviceId("device:nanjing");
        GtpuTunnel stored = fixture.manager.create(tunnel("ue-1", "fd00:9:1::/64", 1)
                                                           .encapDevices(List.of(BEIJING, nanjing)).build());
        int index = stored.counterIndex().getAsInt();
        fixture.cells.put(BEIJING + " " + SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP_COUNTER + " " + index,
                          new PiCounterCellData(2, 200));
        fixture.cells.put(nanjing + " " + SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP_COUNTER + " " + index,
                          new PiCounterCellData(3, 300));
        fixture.cells.put(BEIJING + " " + SIXFLOW_INGRESS_GTPU_DECAP_GTPU_DECAP_COUNTER + " " + index,
                          new PiCounterCellData(4, 440));
        assertEquals(new GtpuTunnelCounters(5, 500, 4, 440, Set.of()), fixture.manager.counters("ue-1").orElseThrow());
        fixture.unreadable.add(nanjing);
        assertEquals(new GtpuTunnelCounters(2, 200, 4, 440, Set.of(nanjing)),
                     fixture.manager.counters("ue-1").orElseThrow());
        Map<DeviceId, List<String>> entries = fixture.manager.entries("ue-1");
        assertEquals(5, entries.get(BEIJING).size());
        assertEquals(2, entries.get(nanjing).size());
        for (FlowRule rule : fixture.rules()) {
            assertTrue(rule.toString(), Set.of(BEIJING, nanjing).contains(rule.deviceId()));
        }
    }

    @Test
    public void aPageOfTunnelsReadsEachDevicesCounterOnce() {
        GtpuTunnel first = fixture.manager.create(tunnel("ue-1", "fd00:9:1::/64", 1).build());
        GtpuTunnel second = fixture.manager.create(tunnel("ue-2", "fd00:9:2::/64", 2).build());
        fixture.cells.put(BEIJING + " " + SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP_COUNTER + " "
                                  + first.counterIndex().getAsInt(), new PiCounterCellData(1, 100));
        fixture.cells.put(BEIJING + " " + SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP_COUNTER + " "
                                  + second.counterIndex().getAsInt(), new PiCounterCellData(7, 700));
        Map<String, GtpuTunnelCounters> counters = fixture.manager.counters(List.of("ue-1", "ue-2", "none"));
        assertEquals(List.of("ue-1", "ue-2"), List.copyOf(counters.keySet()));
        assertEquals(new GtpuTunnelCounters(1, 100, 0, 0, Set.of()), counters.get("ue-1"));
        assertEquals(new GtpuTunnelCounters(7, 700, 0, 0, Set.of()), counters.get("ue-2"));
        assertEquals("beijing's encap and decap counters, once each", 2, fixture.reads.get());
    }

    @Test
    public void aDecapDevicesNewLocatorFailsItsTunnelsAndPuttingItBackInstallsThemAgain() {
        DeviceId nanjing = DeviceId.deviceId("device:nanjing");
        fixture.manager.create(tunnel("ue-1", "fd00:9:1::/64", 1).build());
        fixture.manager.create(tunnel("ue-2", "fd00:9:2::/64", 2).decapDevice(nanjing)
                                       .n3Address(Ip6Address.valueOf("fd00:1:3::ff:1")).build());
        fixture.awaitEvents();
        assertEquals(InstallStatus.INSTALLED, fixture.status("ue-1"));
        assertEquals(InstallStatus.INSTALLED, fixture.status("ue-2"));
        Set<FlowRule> before = Set.copyOf(fixture.rules());
        ObjectNode original = (ObjectNode) fixture.lab.netcfg.getConfig(BEIJING, SixflowDeviceConfig.class).node()
                .deepCopy();
        ObjectNode moved = original.deepCopy();
        moved.put(SixflowDeviceConfig.LOCATOR, "fd00:1:11::/64");
        fixture.flows.log.clear();
        fixture.lab.netcfg.applyConfig(BEIJING, SixflowDeviceConfig.class, moved);
        fixture.awaitEvents();

        // Routing no longer brings ue-1's N3 address to beijing: FAILED, saying why.
        InstallStatus status = fixture.status("ue-1");
        assertEquals(InstallStatus.State.FAILED, status.state());
        assertEquals(BEIJING, status.failure().orElseThrow().deviceId());
        assertTrue(status.failure().orElseThrow().reason(), status.failure().orElseThrow().reason()
                .contains("is not inside decapDevice device:beijing's locator fd00:1:11::/64"));
        // ue-2, on nanjing, is left alone; no entry is written or taken out.
        assertEquals(InstallStatus.INSTALLED, fixture.status("ue-2"));
        assertEquals(before, Set.copyOf(fixture.rules()));
        assertEquals(List.of(), fixture.flows.log);

        fixture.lab.netcfg.applyConfig(BEIJING, SixflowDeviceConfig.class, original);
        fixture.awaitEvents();
        assertEquals(InstallStatus.INSTALLED, fixture.status("ue-1"));
        assertEquals(before, Set.copyOf(fixture.rules()));
    }
}
