// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.core;

import com.google.common.collect.ImmutableSet;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.core.IdGenerator;
import org.onosproject.core.Version;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's core service for one instance: application ids (short ids in registration order, stable
 * per name; ONOS's own core application registers first, as CoreManager does), the version
 * (2.7.0) and id generators.
 * <p>
 * Not simulated: ids do not survive a restart (ONOS keeps them in its cluster store), and
 * pre-deactivation hooks are only kept, for {@link #preDeactivateHook}: no application is ever
 * deactivated here.
 */
public final class SimCoreService implements CoreService {

    /** The version the simulated ONOS reports. */
    public static final Version VERSION = Version.version("2.7.0");

    private final Map<String, ApplicationId> byName = new ConcurrentHashMap<>();
    private final Map<Short, ApplicationId> byId = new ConcurrentHashMap<>();
    private final Map<String, Runnable> preDeactivateHooks = new ConcurrentHashMap<>();
    private final Map<String, IdGenerator> generators = new ConcurrentHashMap<>();
    private short lastId;

    /** Creates the service with ONOS's core application registered. */
    public SimCoreService() {
        registerApplication(CORE_APP_NAME);
    }

    @Override
    public Version version() {
        return VERSION;
    }

    @Override
    public Set<ApplicationId> getAppIds() {
        return ImmutableSet.copyOf(byName.values());
    }

    @Override
    public ApplicationId getAppId(Short id) {
        return id == null ? null : byId.get(id);
    }

    @Override
    public ApplicationId getAppId(String name) {
        return name == null ? null : byName.get(name);
    }

    @Override
    public synchronized ApplicationId registerApplication(String name) {
        checkNotNull(name, "Application name cannot be null");
        checkArgument(!name.isEmpty(), "Application name cannot be empty");
        ApplicationId existing = byName.get(name);
        if (existing != null) {
            return existing;
        }
        checkArgument(lastId < Short.MAX_VALUE, "No application id left for %s", name);
        ApplicationId id = new DefaultApplicationId(++lastId, name);
        byId.put(id.id(), id);
        byName.put(name, id);
        return id;
    }

    @Override
    public ApplicationId registerApplication(String name, Runnable preDeactivate) {
        ApplicationId id = registerApplication(name);
        preDeactivateHooks.put(name, checkNotNull(preDeactivate, "Pre-deactivate hook cannot be null"));
        return id;
    }

    /**
     * Returns the pre-deactivation hook an application registered.
     *
     * @param name the application name
     * @return the hook, if one was registered
     */
    public Optional<Runnable> preDeactivateHook(String name) {
        return Optional.ofNullable(preDeactivateHooks.get(name));
    }

    @Override
    public IdGenerator getIdGenerator(String topic) {
        checkNotNull(topic, "Topic cannot be null");
        return generators.computeIfAbsent(topic, t -> new CounterIdGenerator());
    }

    /** Ids of one topic from a local counter, from 0 as ONOS's first id block starts. */
    private static final class CounterIdGenerator implements IdGenerator {
        private final AtomicLong next = new AtomicLong();

        @Override
        public long getNewId() {
            return next.getAndIncrement();
        }
    }
}
