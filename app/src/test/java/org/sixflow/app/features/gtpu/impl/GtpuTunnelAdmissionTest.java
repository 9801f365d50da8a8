// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import org.junit.After;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiTableId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.TableFullException;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelValidation;
import org.sixflow.app.lifecycle.OwnedWiring;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.app.testing.PredicatePartitions;

import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.app.features.gtpu.impl.GtpuTunnelManagerFixture.tunnel;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_DECAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_N3;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP;

/**
 * Admission of tunnels by table room, as trees and policies are admitted: beijing, the decap and
 * encap device of every tunnel here, runs the bmv2 pipeline with some of its GTP-U tables made
 * small. Each tunnel has one gtpu_encap entry (one UE prefix), one gtpu_decap entry, and its N3
 * address's gtpu_n3 entry, which the tunnels of that address share.
 */
public class GtpuTunnelAdmissionTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final PiTableId ENCAP = SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP;
    private static final PiTableId DECAP = SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_DECAP;
    private static final PiTableId N3 = SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_N3;

    /** The owner's work, held until a test runs it. */
    private final Queue<Runnable> held = new ConcurrentLinkedQueue<>();
    private final GtpuTunnelManagerFixture fixture = new GtpuTunnelManagerFixture(
            new ClusterStorageService(), new PolicyFlowRules(), PredicatePartitions.alone(), false);

    @After
    public void tearDown() {
        fixture.storage.shutdown();
    }

    /** Starts the manager with small tables; with hold, the owner's work waits for {@link #runHeldWork}. */
    private void start(Map<PiTableId, Long> sizes, boolean hold) {
        fixture.shrinkTables(sizes);
        if (hold) {
            OwnedWiring.work(fixture.manager, held::add);
        }
        fixture.activate();
    }

    private void runHeldWork() {
        fixture.awaitEvents();
        for (Runnable task = held.poll(); task != null; task = held.poll()) {
            task.run();
        }
    }

    /** A tunnel on beijing with its own UE prefix fd00:9:n::/64 and uplink TEID n. */
    private static GtpuTunnel ue(int n) {
        return tunnel("ue-" + n, "fd00:9:" + n + "::/64", n).build();
    }

    private void create(GtpuTunnel tunnel) {
        fixture.manager.create(tunnel);
        fixture.awaitEvents();
    }

    private long entries(PiTableId table) {
        return fixture.flows.on(BEIJING).stream().filter(r -> r.table().equals(table)).count();
    }

    private static String full(String table, long size, String more) {
        return "device:beijing table " + table + " holds " + size + (size == 1 ? " entry, " : " entries, ") + size
                + " in use, this tunnel needs " + more + " more";
    }

    private void assertRefused(GtpuTunnel tunnel, String table, String message) {
        try {
            fixture.manager.create(tunnel);
            fail("accepted " + tunnel.id());
        } catch (TableFullException e) {
            assertEquals(message, e.getMessage());
            assertEquals(BEIJING, e.shortfall().deviceId());
            assertEquals(table, e.shortfall().table());
        }
        assertFalse("nothing stored", fixture.manager.tunnel(tunnel.id()).isPresent());
    }

    @Test
    public void aTunnelThatDoesNotFitIsRefusedAndValidateSaysWhy() {
        start(Map.of(ENCAP, 2L), false);
        create(ue(1));
        create(ue(2));
        assertEquals(2, entries(ENCAP));
        String full = full("gtpu_encap", 2, "1");
        GtpuTunnelValidation validation = fixture.manager.validate(ue(3));
        assertFalse(validation.valid());
        assertEquals(List.of(), validation.problems());
        assertEquals(List.of(full), validation.conflicts());
        assertRefused(ue(3), "gtpu_encap", full);

        assertTrue(fixture.manager.remove("ue-1"));
        fixture.awaitEvents();
        assertTrue(fixture.manager.validate(ue(3)).valid());
        create(ue(3));
        assertEquals(InstallStatus.INSTALLED, fixture.status("ue-3"));
        assertEquals(2, entries(ENCAP));
    }

    @Test
    public void theN3EntryATunnelSharesNeedsNoRoom() {
        start(Map.of(N3, 1L), false);
        create(ue(1));
        create(ue(2));     // fd00:1:1::ff:1 as ue-1: the same gtpu_n3 entry
        assertEquals(InstallStatus.INSTALLED, fixture.status("ue-2"));
        assertEquals(1, entries(N3));
        GtpuTunnel elsewhere = tunnel("ue-3", "fd00:9:3::/64", 3).n3Address(Ip6Address.valueOf("fd00:1:1::ff:2"))
                .build();
        assertRefused(elsewhere, "gtpu_n3", full("gtpu_n3", 1, "1"));
    }

    @Test
    public void acceptedTunnelsNotYetInstalledClaimTheirRoom() {
        start(Map.of(DECAP, 2L), true);
        fixture.manager.create(ue(1));
        fixture.manager.create(ue(2));
        fixture.awaitEvents();
        assertEquals("not installed yet", 0, entries(DECAP));
        assertRefused(ue(3), "gtpu_decap", full("gtpu_decap", 2, "1"));
        assertEquals(List.of(full("gtpu_decap", 2, "1")), fixture.manager.validate(ue(3)).conflicts());
        runHeldWork();
        assertEquals(2, entries(DECAP));
        assertEquals(InstallStatus.INSTALLED, fixture.status("ue-1"));
        assertEquals(InstallStatus.INSTALLED, fixture.status("ue-2"));
    }

    @Test
    public void ofTwoTunnelsAcceptedAtOnceForTheLastRoomTheOwnerInstallsOneAndFailsTheOther() {
        start(Map.of(ENCAP, 1L), true);
        // Two instances that each checked before the other's tunnel was stored both accept theirs:
        // the store holds both, REQUESTED, and neither is on the device.
        assertTrue(fixture.store.add(ue(1), 64).isPresent());
        assertTrue(fixture.store.add(ue(2), 64).isPresent());
        runHeldWork();

        Map<InstallStatus.State, List<String>> byState = Set.of("ue-1", "ue-2").stream()
                .collect(Collectors.groupingBy(id -> fixture.status(id).state()));
        assertEquals(Set.of(InstallStatus.State.INSTALLED, InstallStatus.State.FAILED), byState.keySet());
        InstallStatus failed = fixture.status(byState.get(InstallStatus.State.FAILED).get(0));
        assertEquals(BEIJING, failed.failure().orElseThrow().deviceId());
        assertEquals(full("gtpu_encap", 1, "1"), failed.failure().orElseThrow().reason());
        assertEquals(1, entries(ENCAP));
        assertEquals("one decap entry: nothing of the failed tunnel is written", 1, entries(DECAP));
    }
}
