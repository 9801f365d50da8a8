// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.apn6.impl;

import com.google.common.collect.ImmutableList;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.AbstractStore;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.Apn6Match;
import org.sixflow.app.api.Apn6Policy;
import org.sixflow.app.api.Apn6PolicyEvent;
import org.sixflow.app.api.Apn6PolicyStatus;
import org.sixflow.app.api.Apn6PolicyStore;
import org.sixflow.app.api.Apn6PolicyStoreDelegate;
import org.sixflow.app.api.ApplicationAwareId;
import org.sixflow.app.api.PortRange;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * APN6 policies in a ConsistentMap shared by the cluster. The map's events reach the delegate
 * on this store's own thread: Atomix delivers map events on the thread that completes map
 * operations, and a delegate that waited there (for a lock held by a thread inside a map call)
 * would stall every operation on the map until it timed out.
 */
@Component(immediate = true, service = Apn6PolicyStore.class)
public class DistributedApn6PolicyStore extends AbstractStore<Apn6PolicyEvent, Apn6PolicyStoreDelegate>
        implements Apn6PolicyStore {

    /** Name of the distributed map. */
    static final String MAP_NAME = "sixflow-apn6-policies";

    /** Every type the map holds, as Kryo must know them on every instance. */
    static final Serializer SERIALIZER = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .nextId(KryoNamespaces.BEGIN_USER_CUSTOM_ID)
            .register(StoredPolicy.class, Apn6Policy.class, Apn6Match.class, PortRange.class,
                      ApplicationAwareId.class, Apn6PolicyStatus.class, Apn6PolicyStatus.State.class,
                      Apn6PolicyStatus.Failure.class)
            .build("sixflow-apn6-policies"));

    private final Logger log = getLogger(getClass());
    private final MapEventListener<String, StoredPolicy> mapListener = new InternalMapListener();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<String, StoredPolicy> policies;
    private ExecutorService eventExecutor;

    @Activate
    protected void activate() {
        policies = storageService.<String, StoredPolicy>consistentMapBuilder().withName(MAP_NAME)
                .withSerializer(SERIALIZER).build();
        eventExecutor = Executors.newSingleThreadExecutor(groupedThreads("sixflow/apn6", "store-events", log));
        policies.addListener(mapListener, eventExecutor);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        policies.removeListener(mapListener);
        eventExecutor.shutdown();
        log.info("Stopped");
    }

    @Override
    public boolean add(Apn6Policy policy) {
        return policies.putIfAbsent(policy.id(), new StoredPolicy(policy, Apn6PolicyStatus.REQUESTED)) == null;
    }

    @Override
    public Optional<Apn6Policy> replace(Apn6Policy policy) {
        Versioned<StoredPolicy> before = policies.get(policy.id());
        while (before != null) {
            if (before.value().policy().equals(policy)) {
                return Optional.of(policy);     // the same version again: nothing to install
            }
            if (policies.replace(policy.id(), before.version(),
                                 new StoredPolicy(policy, Apn6PolicyStatus.REQUESTED))) {
                return Optional.of(before.value().policy());
            }
            before = policies.get(policy.id());  // changed meanwhile: try against the newer version
        }
        return Optional.empty();
    }

    @Override
    public Optional<Apn6Policy> remove(String id) {
        return Optional.ofNullable(policies.remove(id)).map(v -> v.value().policy());
    }

    @Override
    public Optional<Apn6Policy> policy(String id) {
        return Optional.ofNullable(policies.get(id)).map(v -> v.value().policy());
    }

    @Override
    public Collection<Apn6Policy> policies() {
        return policies.values().stream().map(v -> v.value().policy()).collect(ImmutableList.toImmutableList());
    }

    @Override
    public Optional<Apn6PolicyStatus> status(String id) {
        return Optional.ofNullable(policies.get(id)).map(v -> v.value().status());
    }

    @Override
    public boolean setStatus(Apn6Policy policy, Apn6PolicyStatus status) {
        Versioned<StoredPolicy> now = policies.computeIf(
                policy.id(), stored -> stored != null && stored.policy().equals(policy)
                        && !stored.status().equals(status),
                (id, stored) -> stored.with(status));
        return now != null && now.value().policy().equals(policy) && now.value().status().equals(status);
    }

    /** Turns map changes into policy events for the delegate. */
    private class InternalMapListener implements MapEventListener<String, StoredPolicy> {
        @Override
        public void event(MapEvent<String, StoredPolicy> event) {
            StoredPolicy now = event.newValue() == null ? null : event.newValue().value();
            StoredPolicy before = event.oldValue() == null ? null : event.oldValue().value();
            switch (event.type()) {
                case INSERT:
                    notifyDelegate(new Apn6PolicyEvent(Apn6PolicyEvent.Type.POLICY_ADDED, now.policy(), now.status()));
                    break;
                case UPDATE:
                    if (!now.policy().equals(before.policy())) {
                        notifyDelegate(new Apn6PolicyEvent(Apn6PolicyEvent.Type.POLICY_UPDATED, now.policy(),
                                                           now.status(), before.policy()));
                    } else if (!now.status().equals(before.status())) {
                        notifyDelegate(new Apn6PolicyEvent(statusEvent(now.status()), now.policy(), now.status()));
                    }
                    break;
                case REMOVE:
                    notifyDelegate(new Apn6PolicyEvent(Apn6PolicyEvent.Type.POLICY_REMOVED, before.policy(),
                                                       before.status()));
                    break;
                default:
                    log.debug("Ignoring {}", event);
            }
        }

        private Apn6PolicyEvent.Type statusEvent(Apn6PolicyStatus status) {
            switch (status.state()) {
                case INSTALLED:
                    return Apn6PolicyEvent.Type.POLICY_INSTALLED;
                case FAILED:
                    return Apn6PolicyEvent.Type.POLICY_FAILED;
                default:
                    return Apn6PolicyEvent.Type.POLICY_REQUESTED;
            }
        }
    }
}
