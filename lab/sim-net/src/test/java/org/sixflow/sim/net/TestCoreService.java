// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net;

import com.google.common.collect.ImmutableSet;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.core.IdGenerator;
import org.onosproject.core.Version;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A core service for tests: application ids numbered as they are registered, counters as id generators.
 */
public final class TestCoreService implements CoreService {

    private final Map<String, ApplicationId> apps = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> counters = new ConcurrentHashMap<>();

    @Override
    public Version version() {
        return Version.version("2.7.0");
    }

    @Override
    public Set<ApplicationId> getAppIds() {
        return ImmutableSet.copyOf(apps.values());
    }

    @Override
    public ApplicationId getAppId(Short id) {
        return apps.values().stream().filter(a -> a.id() == id).findFirst().orElse(null);
    }

    @Override
    public ApplicationId getAppId(String name) {
        return apps.get(name);
    }

    @Override
    public synchronized ApplicationId registerApplication(String name) {
        return apps.computeIfAbsent(name, n -> new DefaultApplicationId(apps.size() + 1, n));
    }

    @Override
    public ApplicationId registerApplication(String name, Runnable preDeactivate) {
        return registerApplication(name);
    }

    @Override
    public IdGenerator getIdGenerator(String topic) {
        AtomicLong counter = counters.computeIfAbsent(topic, t -> new AtomicLong());
        return counter::incrementAndGet;
    }
}
