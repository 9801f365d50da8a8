// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.runtime;

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
 * Application ids and id generators, as ONOS's core hands them out (ids from 1, stable per name).
 */
public final class LabCore implements CoreService {

    private final Map<String, ApplicationId> byName = new ConcurrentHashMap<>();
    private final Map<Short, ApplicationId> byId = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> idBlocks = new ConcurrentHashMap<>();

    @Override
    public Version version() {
        return Version.version("2.7.0");
    }

    @Override
    public Set<ApplicationId> getAppIds() {
        return Set.copyOf(byName.values());
    }

    @Override
    public ApplicationId getAppId(Short id) {
        return byId.get(id);
    }

    @Override
    public ApplicationId getAppId(String name) {
        return byName.get(name);
    }

    @Override
    public synchronized ApplicationId registerApplication(String name) {
        return byName.computeIfAbsent(name, n -> {
            ApplicationId id = new DefaultApplicationId(byName.size() + 1, n);
            byId.put(id.id(), id);
            return id;
        });
    }

    @Override
    public ApplicationId registerApplication(String name, Runnable preDeactivate) {
        return registerApplication(name);
    }

    @Override
    public IdGenerator getIdGenerator(String topic) {
        AtomicLong next = idBlocks.computeIfAbsent(topic, t -> new AtomicLong(1));
        return next::getAndIncrement;
    }
}
