// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import com.google.common.collect.ImmutableList;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The registered services by interface name. Lookups never block, so REST threads can look
 * services up while components are being activated.
 */
final class ServiceRegistry {

    private final AtomicLong ids = new AtomicLong();
    private final Map<String, List<ServiceEntry>> byInterface = new ConcurrentHashMap<>();
    private final List<ServiceEntry> all = new CopyOnWriteArrayList<>();

    /**
     * Registers a service.
     *
     * @param instance   the service object
     * @param interfaces the interface names
     * @param owner      the registering component, or null
     * @param properties registration properties
     * @return the registration
     */
    ServiceEntry register(Object instance, List<String> interfaces, String owner, Map<String, Object> properties) {
        ServiceEntry entry = new ServiceEntry(ids.incrementAndGet(), interfaces, instance, owner, properties);
        for (String name : entry.interfaces()) {
            byInterface.computeIfAbsent(name, n -> new CopyOnWriteArrayList<>()).add(entry);
        }
        all.add(entry);
        return entry;
    }

    /**
     * Removes a registration.
     *
     * @param entry the registration
     */
    void unregister(ServiceEntry entry) {
        for (String name : entry.interfaces()) {
            List<ServiceEntry> entries = byInterface.get(name);
            if (entries != null) {
                entries.remove(entry);
            }
        }
        all.remove(entry);
    }

    /**
     * Returns the services registered under an interface, best first.
     *
     * @param interfaceName the interface name
     * @return the registrations
     */
    List<ServiceEntry> lookup(String interfaceName) {
        List<ServiceEntry> entries = byInterface.get(interfaceName);
        if (entries == null || entries.isEmpty()) {
            return ImmutableList.of();
        }
        List<ServiceEntry> sorted = new ArrayList<>(entries);
        sorted.sort(ServiceEntry.BEST_FIRST);
        return sorted;
    }

    /**
     * Returns every registration, oldest first.
     *
     * @return the registrations
     */
    List<ServiceEntry> all() {
        return ImmutableList.copyOf(all);
    }
}
