// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import org.onosproject.store.service.Serializer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6PolicyEvent;
import org.sixflow.app.features.apn6.api.Apn6PolicyStore;
import org.sixflow.app.features.apn6.api.Apn6PolicyStoreDelegate;
import org.sixflow.app.features.apn6.api.ApplicationAwareId;
import org.sixflow.app.features.apn6.api.PortRange;
import org.sixflow.app.lifecycle.DistributedOwnedStore;
import org.sixflow.app.lifecycle.OwnedMap;

import java.util.Optional;

/**
 * APN6 policies in the cluster's map of the lifecycle ({@link OwnedMap}), told as policy events;
 * a new version of a policy is POLICY_UPDATED, with the version it replaced.
 */
@Component(immediate = true, service = Apn6PolicyStore.class)
public class DistributedApn6PolicyStore
        extends DistributedOwnedStore<Apn6Policy, Apn6PolicyEvent, Apn6PolicyStoreDelegate>
        implements Apn6PolicyStore {

    /** Name of the distributed map. */
    static final String MAP_NAME = "sixflow-apn6-policies";

    /** Every type the map holds, as Kryo must know them on every instance. */
    static final Serializer SERIALIZER = OwnedMap.serializer("sixflow-apn6-policies", Apn6Policy.class,
                                                             Apn6Match.class, PortRange.class,
                                                             ApplicationAwareId.class);

    @Activate
    protected void activate() {
        open(MAP_NAME, SERIALIZER, Apn6Policy::id, "sixflow/apn6",
             (change, policy, status, previous) -> new Apn6PolicyEvent(
                     change.kindOf(Apn6PolicyEvent.Type.class), policy, status, previous.orElse(null)));
    }

    @Deactivate
    protected void deactivate() {
        close();
    }

    @Override
    public boolean add(Apn6Policy policy) {
        return objects.add(policy);
    }

    @Override
    public Optional<Apn6Policy> replace(Apn6Policy policy) {
        return objects.replace(policy);
    }
}
