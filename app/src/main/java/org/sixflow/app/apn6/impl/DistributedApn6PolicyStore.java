// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.apn6.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.Maps;
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
import org.sixflow.app.api.Apn6PolicyStore;
import org.sixflow.app.api.Apn6PolicyStoreDelegate;
import org.sixflow.app.api.ApplicationAwareId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.PortRange;
import org.sixflow.app.impl.MapSnapshot;
import org.sixflow.app.impl.MapUpdate;
import org.sixflow.app.impl.Stored;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.Map;
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
            .register(Stored.class, Apn6Policy.class, Apn6Match.class, PortRange.class,
                      ApplicationAwareId.class, InstallStatus.class, InstallStatus.State.class,
                      InstallStatus.Failure.class)
            .build("sixflow-apn6-policies"));

    private final Logger log = getLogger(getClass());
    private final MapEventListener<String, Stored<Apn6Policy>> mapListener = new InternalMapListener();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<String, Stored<Apn6Policy>> policies;
    private MapSnapshot<String, Stored<Apn6Policy>> listed;
    private ExecutorService eventExecutor;

    @Activate
    protected void activate() {
        policies = storageService.<String, Stored<Apn6Policy>>consistentMapBuilder().withName(MAP_NAME)
                .withSerializer(SERIALIZER).build();
        eventExecutor = Executors.newSingleThreadExecutor(groupedThreads("sixflow/apn6", "store-events", log));
        policies.addListener(mapListener, eventExecutor);
        listed = new MapSnapshot<>(policies);
        log.info("Started");
    }

    @Deactivate
    protected void deactivate() {
        policies.removeListener(mapListener);
        listed.close();
        eventExecutor.shutdown();
        log.info("Stopped");
    }

    @Override
    public boolean add(Apn6Policy policy) {
        boolean added = policies.putIfAbsent(policy.id(), new Stored<>(policy, InstallStatus.REQUESTED)) == null;
        listed.changed();
        return added;
    }

    @Override
    public Optional<Apn6Policy> replace(Apn6Policy policy) {
        // The same version again is left as it is: nothing to install.
        Optional<MapUpdate<Stored<Apn6Policy>>> update = MapUpdate.apply(
                policies, policy.id(), stored -> true,
                stored -> stored.value().equals(policy) ? stored : new Stored<>(policy, InstallStatus.REQUESTED));
        if (update.map(MapUpdate::changed).orElse(false)) {
            listed.changed();
        }
        return update.map(u -> u.before().value());
    }

    @Override
    public Optional<Apn6Policy> remove(String id) {
        Optional<Apn6Policy> removed = Optional.ofNullable(policies.remove(id)).map(v -> v.value().value());
        listed.changed();
        return removed;
    }

    @Override
    public Optional<Apn6Policy> policy(String id) {
        return Optional.ofNullable(policies.get(id)).map(v -> v.value().value());
    }

    @Override
    public Collection<Apn6Policy> policies() {
        return policies.values().stream().map(v -> v.value().value()).collect(ImmutableList.toImmutableList());
    }

    @Override
    public Optional<InstallStatus> status(String id) {
        return Optional.ofNullable(policies.get(id)).map(v -> v.value().status());
    }

    @Override
    public Map<String, Map.Entry<Apn6Policy, InstallStatus>> listedPolicies() {
        return Maps.transformValues(listed.get(), stored -> Maps.immutableEntry(stored.value(), stored.status()));
    }

    @Override
    public boolean setStatus(Apn6Policy policy, InstallStatus status) {
        boolean set = Stored.setStatus(policies, policy.id(), policy, status);
        listed.changed();
        return set;
    }

    /** Turns map changes into policy events for the delegate. */
    private class InternalMapListener implements MapEventListener<String, Stored<Apn6Policy>> {
        @Override
        public void event(MapEvent<String, Stored<Apn6Policy>> event) {
            Stored<Apn6Policy> now = event.newValue() == null ? null : event.newValue().value();
            Stored<Apn6Policy> before = event.oldValue() == null ? null : event.oldValue().value();
            switch (event.type()) {
                case INSERT:
                    notifyDelegate(new Apn6PolicyEvent(Apn6PolicyEvent.Type.POLICY_ADDED, now.value(), now.status()));
                    break;
                case UPDATE:
                    if (!now.value().equals(before.value())) {
                        notifyDelegate(new Apn6PolicyEvent(Apn6PolicyEvent.Type.POLICY_UPDATED, now.value(),
                                                           now.status(), before.value()));
                    } else if (!now.status().equals(before.status())) {
                        notifyDelegate(new Apn6PolicyEvent(statusEvent(now.status()), now.value(), now.status()));
                    }
                    break;
                case REMOVE:
                    notifyDelegate(new Apn6PolicyEvent(Apn6PolicyEvent.Type.POLICY_REMOVED, before.value(),
                                                       before.status()));
                    break;
                default:
                    log.debug("Ignoring {}", event);
            }
        }

        private Apn6PolicyEvent.Type statusEvent(InstallStatus status) {
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
