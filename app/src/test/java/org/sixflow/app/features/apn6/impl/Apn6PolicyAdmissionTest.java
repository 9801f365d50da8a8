// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import org.junit.After;
import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiTableId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.TableFullException;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6Validation;
import org.sixflow.app.features.apn6.api.ApplicationAwareId;
import org.sixflow.app.lifecycle.OwnedWiring;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.app.testing.PredicatePartitions;
import org.sixflow.app.testing.SmallTables;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER;

/**
 * Admission of policies by table room: beijing, one of the four edges every policy classifies on,
 * runs the bmv2 pipeline with a classifier of two entries.
 */
public class Apn6PolicyAdmissionTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final PiTableId CLASSIFIER = SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER;
    private static final String FULL =
            "device:beijing table apn6_classifier holds 2 entries, 2 in use, this policy needs 1 more";

    /** The owner's work, held until a test runs it. */
    private final Queue<Runnable> held = new ConcurrentLinkedQueue<>();
    private final Apn6PolicyManagerFixture fixture = new Apn6PolicyManagerFixture(
            new ClusterStorageService(), new PolicyFlowRules(), PredicatePartitions.alone(), false);

    @After
    public void tearDown() {
        fixture.storage.shutdown();
    }

    /** Starts the manager; with hold, the owner's work waits for {@link #runHeldWork}. */
    private void start(boolean hold) {
        PiPipeconf small = SmallTables.bmv2(Map.of(CLASSIFIER, 2L));
        fixture.pipeconfs.register(small);
        fixture.pipeconfs.bindToDevice(small.id(), BEIJING);
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

    /** A policy for traffic from a /64, one classifier entry per edge. */
    private static Apn6Policy from(String id, int subnet, int slaLevel) {
        return Apn6Policy.of(id, null, 100, Apn6Match.builder()
                .source(Ip6Prefix.valueOf("fd00:9:" + subnet + "::/64")).build(),
                             ApplicationAwareId.of(slaLevel, 1, 1, 1), null, false);
    }

    private long classifierEntries() {
        return fixture.flows.on(BEIJING).stream().filter(r -> r.table().equals(CLASSIFIER)).count();
    }

    private void create(Apn6Policy policy) {
        fixture.manager.create(policy);
        fixture.awaitEvents();
    }

    private static void assertFull(Runnable action) {
        try {
            action.run();
            fail("accepted");
        } catch (TableFullException e) {
            assertEquals(FULL, e.getMessage());
            assertEquals(BEIJING, e.shortfall().deviceId());
            assertEquals("apn6_classifier", e.shortfall().table());
        }
    }

    @Test
    public void aPolicyThatDoesNotFitIsRefusedAndValidateSaysWhy() {
        start(false);
        create(from("a", 1, 1));
        create(from("b", 2, 1));
        assertEquals(2, classifierEntries());
        Apn6Validation validation = fixture.manager.validate(from("c", 3, 1));
        assertFalse(validation.valid());
        assertEquals(List.of(FULL), validation.conflicts());
        assertFull(() -> fixture.manager.create(from("c", 3, 1)));
        assertFalse("nothing stored", fixture.manager.policy("c").isPresent());

        assertTrue(fixture.manager.remove("a"));
        fixture.awaitEvents();
        assertTrue(fixture.manager.validate(from("c", 3, 1)).valid());
        create(from("c", 3, 1));
        assertEquals(InstallStatus.INSTALLED, fixture.status("c"));
    }

    @Test
    public void aNetworkWidePolicyLeavesOutAnEdgeWhoseProfileHasNoApn6() {
        start(false);
        fixture.pipeconfs.bindToDevice(SixflowPipeconfs.id("gtpu", PipeconfTarget.BMV2), BEIJING);
        create(from("a", 1, 1));
        assertEquals(InstallStatus.INSTALLED, fixture.status("a"));
        assertTrue("nothing on beijing, outside the APN6 domain", fixture.flows.on(BEIJING).isEmpty());
        assertFalse(fixture.manager.entries("a").containsKey(BEIJING));
        assertFalse("the other devices have entries", fixture.manager.entries("a").isEmpty());
    }

    @Test
    public void aPolicyNamingAPortOfAnEdgeWithoutApn6IsRefusedByName() {
        start(false);
        fixture.pipeconfs.bindToDevice(SixflowPipeconfs.id("gtpu", PipeconfTarget.BMV2), BEIJING);
        Apn6Policy named = Apn6Policy.of("a", null, 100, Apn6Match.builder()
                .source(Ip6Prefix.valueOf("fd00:9:1::/64"))
                .ingressPorts(Set.of(ConnectPoint.deviceConnectPoint("device:beijing/3"))).build(),
                                         ApplicationAwareId.of(1, 1, 1, 1), null, false);
        try {
            fixture.manager.create(named);
            fail("beijing runs gtpu");
        } catch (IllegalArgumentException expected) {
            assertTrue(expected.getMessage(), expected.getMessage().contains(
                    "device:beijing runs profile gtpu, which has no APN6"));
        }
        assertFalse("nothing stored", fixture.manager.policy("a").isPresent());
    }

    @Test
    public void aReplacementCountsTheEntriesItRewritesInPlace() {
        start(false);
        create(from("a", 1, 1));
        create(from("b", 2, 1));
        // Same match, new option: the classifier entry keeps its key and changes its action.
        fixture.manager.update(from("a", 1, 7));
        fixture.awaitEvents();
        assertEquals(InstallStatus.INSTALLED, fixture.status("a"));
        assertEquals(2, classifierEntries());
        // A new match is a new entry: it needs room while the old one stays (make-before-break).
        assertFull(() -> fixture.manager.update(from("a", 5, 7)));
        assertEquals(from("a", 1, 7), fixture.manager.policy("a").orElseThrow());
    }

    @Test
    public void acceptedPoliciesNotYetInstalledClaimTheirRoom() {
        start(true);
        fixture.manager.create(from("a", 1, 1));
        fixture.manager.create(from("b", 2, 1));
        fixture.awaitEvents();
        assertEquals("not installed yet", 0, classifierEntries());
        assertFull(() -> fixture.manager.create(from("c", 3, 1)));
        runHeldWork();
        assertEquals(2, classifierEntries());
    }

    @Test
    public void theOwnerChecksAgainAndFailsAPolicyWhoseRoomWentMeanwhile() {
        start(true);
        fixture.manager.create(from("a", 1, 1));
        fixture.awaitEvents();
        // Between acceptance and install, two entries from elsewhere take the table.
        Apn6PolicyManagerFixture other = new Apn6PolicyManagerFixture();
        other.manager.create(from("x", 8, 2));
        other.manager.create(from("y", 9, 2));
        other.awaitEvents();
        List<FlowRule> foreign = new ArrayList<>(other.flows.on(BEIJING));
        other.storage.shutdown();
        fixture.flows.applyFlowRules(foreign.toArray(new FlowRule[0]));
        runHeldWork();

        InstallStatus status = fixture.status("a");
        assertEquals(InstallStatus.State.FAILED, status.state());
        assertEquals(BEIJING, status.failure().orElseThrow().deviceId());
        assertEquals(FULL, status.failure().orElseThrow().reason());
        assertEquals("nothing of it installed anywhere", foreign.size(), fixture.rules().size());
    }
}
