// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import org.junit.After;
import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.ApplicationAwareId;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.app.testing.PredicatePartitions;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.apn6.impl.Apn6PolicyManagerTest.video;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * Two instances of a cluster: one storage, one flow-rule store, policies split between them by
 * work partition: what is APN6's own (updates carried out by the owner, checks that see another
 * instance's policies). What every feature's objects get (the owner installs whoever took the
 * request, nothing leaves with an instance, ownership moves) is Apn6PolicyLifecycleTest's.
 */
public class Apn6PolicyOwnershipTest {

    /** Instance two owns the policy "video"; instance one owns every other. */
    private static final Predicate<String> TWO_OWNS = Set.of("video")::contains;

    private final ClusterStorageService storage = new ClusterStorageService();
    private final PolicyFlowRules flows = new PolicyFlowRules();
    private final Apn6PolicyManagerFixture one = new Apn6PolicyManagerFixture(
            storage, flows, new PredicatePartitions(TWO_OWNS.negate()), true);
    private final Apn6PolicyManagerFixture two = new Apn6PolicyManagerFixture(
            storage.instance(), flows.instance(), new PredicatePartitions(TWO_OWNS), true);

    @After
    public void tearDown() {
        storage.shutdown();
    }

    private static Apn6Policy other(String source) {
        return Apn6Policy.of("other", null, 100, Apn6Match.builder().source(Ip6Prefix.valueOf(source)).build(),
                             ApplicationAwareId.of(1, 1, 1, 1), null, false);
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

}
