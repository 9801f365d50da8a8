// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.lifecycle.OwnedLifecycleContract;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.app.testing.PredicatePartitions;

import static org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture.mapping;

/** The owned-object lifecycle's contract, held by NPTv6 mappings (one per uplink: number n on beijing's port n + 1). */
public class Nptv6MappingLifecycleTest extends OwnedLifecycleContract<NamedNptv6Mapping> {

    @Override
    protected Instance<NamedNptv6Mapping> instance(ClusterStorageService storage, PolicyFlowRules flows,
                                                   PredicatePartitions partitions, boolean start) {
        Nptv6MappingManagerFixture fixture = new Nptv6MappingManagerFixture(storage, flows, partitions, start);
        return new Instance<>(fixture.manager::add, fixture.manager::remove, fixture.manager::status,
                              fixture::activate, fixture::deactivate, fixture.lab::deviceBack);
    }

    @Override
    protected NamedNptv6Mapping object(String id, int number) {
        return mapping(id, "fd01:203:" + number + "::/48", "2001:db8:" + number + "::/48",
                       "device:beijing/" + (number + 1));
    }
}
