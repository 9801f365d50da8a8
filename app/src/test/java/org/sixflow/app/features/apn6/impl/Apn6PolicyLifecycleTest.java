// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import org.onlab.packet.Ip6Prefix;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.ApplicationAwareId;
import org.sixflow.app.features.apn6.api.PortRange;
import org.sixflow.app.lifecycle.OwnedLifecycleContract;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.app.testing.PredicatePartitions;

/** The owned-object lifecycle's contract, held by APN6 policies (policies alike but for their source share entries). */
public class Apn6PolicyLifecycleTest extends OwnedLifecycleContract<Apn6Policy> {

    @Override
    protected Instance<Apn6Policy> instance(ClusterStorageService storage, PolicyFlowRules flows,
                                            PredicatePartitions partitions, boolean start) {
        Apn6PolicyManagerFixture fixture = new Apn6PolicyManagerFixture(storage, flows, partitions, start);
        return new Instance<>(fixture.manager::create, fixture.manager::remove, fixture.manager::status,
                              fixture::activate, fixture::deactivate, fixture.lab::deviceBack);
    }

    @Override
    protected Apn6Policy object(String id, int number) {
        return Apn6Policy.of(id, null, 100, Apn6Match.builder().source(Ip6Prefix.valueOf("fd00:1:" + number + "::/64"))
                                     .nextHeader(17).destinationPorts(PortRange.of(5004, 5005)).build(),
                             ApplicationAwareId.of(3, 0x1234, 7, 1), 5, true);
    }
}
