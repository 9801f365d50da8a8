// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.lifecycle.OwnedLifecycleContract;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.app.testing.PredicatePartitions;

import static org.sixflow.app.features.gtpu.impl.GtpuTunnelManagerFixture.tunnel;

/** The owned-object lifecycle's contract, held by GTP-U tunnels (all with one N3 address, whose entry they share). */
public class GtpuTunnelLifecycleTest extends OwnedLifecycleContract<GtpuTunnel> {

    @Override
    protected Instance<GtpuTunnel> instance(ClusterStorageService storage, PolicyFlowRules flows,
                                            PredicatePartitions partitions, boolean start) {
        GtpuTunnelManagerFixture fixture = new GtpuTunnelManagerFixture(storage, flows, partitions, start);
        return new Instance<>(fixture.manager::create, fixture.manager::remove, fixture.manager::status,
                              fixture::activate, fixture::deactivate, fixture.lab::deviceBack);
    }

    @Override
    protected GtpuTunnel object(String id, int number) {
        return tunnel(id, "fd00:9:" + number + "::/64", number).build();
    }
}
