// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.apn6.impl;

import org.junit.After;
import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.sixflow.app.api.Apn6Match;
import org.sixflow.app.api.Apn6Policy;
import org.sixflow.app.api.ApplicationAwareId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.testing.ClusterStorageService;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.apn6.impl.Apn6PolicyManagerTest.video;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * Two instances of a cluster: one storage, one flow-rule store, policies split between them by
 * work partition. The owner installs, whoever took the request; an instance that leaves takes
 * nothing with it; one that starts reinstalls what it owns; ownership moves with the partitions.
 */
public class Apn6PolicyOwnershipTest {

    /** Instance two owns the policy "video"; instance one owns every other. */
    private static final Predicate<String> TWO_OWNS = Set.of("video")::contains;

    private final ClusterStorageService storage = new ClusterStorageService();
    private final PolicyFlowRules flows = new PolicyFlowRules();
    private final Apn6PolicyManagerFixture one = new Apn6PolicyManagerFixture(
            storage, flows, new TestWorkPartitions(TWO_OWNS.negate()), true);
    private final Apn6PolicyManagerFixture two = new Apn6PolicyManagerFixture(
            storage.instance(), flows.instance(), new TestWorkPartitions(TWO_OWNS), true);

    @After
    public void tearDown() {
        storage.shutdown();
    }

    private static Apn6Policy other(String source) {
        return Apn6Policy.of("other", null, 100, Apn6Match.builder().source(Ip6Prefix.valueOf(source)).build(),
                             ApplicationAwareId.of(1, 1, 1, 1), null, false);
    }

    @Test
    public void aPolicyCreatedOnOneInstanceIsInstalledByItsOwnerAndStaysWhenTheOtherLeaves() {
        one.manager.create(video(100, "fd00:1:1::/64"));
        one.awaitEvents();
        assertEquals("the owner installed it", 13, two.flows.writes("add").size());
        assertEquals("the instance asked did not", List.of(), one.flows.writes("add"));
        assertEquals(13, flows.rules().size());
        assertEquals(InstallStatus.INSTALLED, one.status("video"));
        assertEquals(InstallStatus.INSTALLED, two.status("video"));

        one.deactivate();
        one.awaitEvents();
        assertEquals("an instance that stops removes nothing", List.of(), one.flows.writes("remove"));
        assertEquals(13, flows.rules().size());
        assertEquals(List.of("video"), two.manager.policies().stream().map(Apn6Policy::id)
                .collect(Collectors.toList()));
        assertEquals(InstallStatus.INSTALLED, two.status("video"));
    }

    @Test
    public void theOwnerCarriesOutChangesWhicheverInstanceTookThem() {
        two.manager.create(other("fd00:1::/32"));
        one.awaitEvents();
        assertEquals(4, one.flows.writes("add").size());
        assertEquals(List.of(), two.flows.writes("add"));

        two.manager.update(other("fd00:2::/32"));
        two.manager.remove("other");
        one.awaitEvents();
        assertEquals(List.of(), two.flows.log.stream().filter(w -> !w.equals("stage"))
                .collect(Collectors.toList()));
        assertTrue(flows.rules().isEmpty());
    }

    @Test
    public void overlapAndDuplicateChecksSeeWhatAnotherInstanceJustStored() {
        one.manager.create(video(100, "fd00:1:1::/64"));
        // No waiting for events: the check reads the store.
        assertRejected(() -> two.manager.create(other("fd00:1::/32")), "overlaps policy video");
        assertRejected(() -> two.manager.create(video(90, "fd00:7::/64")), "policy id video is in use");
    }

    @Test
    public void anInstanceThatStartsReinstallsThePoliciesItOwns() {
        one.manager.create(video(100, "fd00:1:1::/64"));
        one.manager.create(other("fd00:9::/64"));
        one.awaitEvents();
        // Instance two goes (the app is reinstalled there) and the devices restart empty.
        two.deactivate();
        flows.entries.clear();

        Apn6PolicyManagerFixture again = new Apn6PolicyManagerFixture(
                storage.instance(), flows.instance(), new TestWorkPartitions(TWO_OWNS), true);
        again.awaitEvents();
        assertEquals("only the policy it owns", 13, again.flows.writes("add").size());
        assertEquals(13, flows.rules().size());
        assertEquals(InstallStatus.INSTALLED, again.status("video"));
    }

    @Test
    public void ownershipMovesWithTheWorkPartitions() {
        one.manager.create(video(100, "fd00:1:1::/64"));
        one.awaitEvents();
        // Instance two leaves the partition: one takes the policy up, two forgets it.
        two.partitions.move(id -> false);
        one.partitions.move(id -> true);
        one.awaitEvents();
        assertEquals(13, one.flows.writes("add").size());

        two.manager.remove("video");
        one.awaitEvents();
        assertEquals(13, one.flows.writes("remove").size());
        assertEquals(List.of(), two.flows.writes("remove"));
        assertTrue(flows.rules().isEmpty());
    }
}
