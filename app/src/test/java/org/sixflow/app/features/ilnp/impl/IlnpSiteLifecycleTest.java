// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.lifecycle.OwnedLifecycleContract;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.app.testing.PredicatePartitions;

import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.BEIJING;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.site;
import static org.sixflow.app.features.ilnp.impl.IlnpSiteManagerFixture.uplink;

/** The owned-object lifecycle's contract, held by ILNP sites (one site per uplink port: number n on beijing's ports 2n - 1 and 2n). */
public class IlnpSiteLifecycleTest extends OwnedLifecycleContract<IlnpSite> {

    @Override
    protected Instance<IlnpSite> instance(ClusterStorageService storage, PolicyFlowRules flows,
                                          PredicatePartitions partitions, boolean start) {
        IlnpSiteManagerFixture fixture = new IlnpSiteManagerFixture(storage, flows, partitions, start);
        return new Instance<>(fixture.manager::add, fixture.manager::remove, fixture.manager::status,
                              fixture::activate, fixture::deactivate, fixture.lab::deviceBack);
    }

    @Override
    protected IlnpSite object(String name, int number) {
        return site(name, BEIJING, "fd00:5:" + number + ":1::/64",
                    uplink(2L * number - 1, "2001:db8:a:" + number + "::/64", 50),
                    uplink(2L * number, "2001:db8:b:" + number + "::/64", 50));
    }
}
