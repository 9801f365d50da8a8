// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * One service registration: an object under one or more interface names, with its properties,
 * registered by a component or from outside (the simulated core services).
 */
final class ServiceEntry {

    /** The registration property OSGi gives the registration id. */
    static final String SERVICE_ID = "service.id";
    /** The registration property OSGi ranks services by. */
    static final String SERVICE_RANKING = "service.ranking";
    /** The registration property listing the interfaces. */
    static final String OBJECT_CLASS = "objectClass";

    /** SCR's choice among several services: the highest ranking, then the oldest registration. */
    static final Comparator<ServiceEntry> BEST_FIRST =
            Comparator.comparingInt(ServiceEntry::ranking).reversed().thenComparingLong(ServiceEntry::id);

    private final long id;
    private final List<String> interfaces;
    private final Object instance;
    private final String owner;
    private final Map<String, Object> properties;

    ServiceEntry(long id, List<String> interfaces, Object instance, String owner, Map<String, Object> properties) {
        this.id = id;
        this.interfaces = ImmutableList.copyOf(interfaces);
        this.instance = instance;
        this.owner = owner;
        ImmutableMap.Builder<String, Object> all = ImmutableMap.builder();
        properties.forEach((k, v) -> {
            if (!SERVICE_ID.equals(k) && !OBJECT_CLASS.equals(k)) {
                all.put(k, v);
            }
        });
        all.put(SERVICE_ID, id);
        all.put(OBJECT_CLASS, interfaces.toArray(new String[0]));
        this.properties = all.build();
    }

    /** The registration id; earlier registrations have smaller ids. */
    long id() {
        return id;
    }

    /** The interface names it is registered under. */
    List<String> interfaces() {
        return interfaces;
    }

    /** The service object. */
    Object instance() {
        return instance;
    }

    /** The component that registered it, or null for a service registered from outside. */
    String owner() {
        return owner;
    }

    /** Its registration properties, with service.id and objectClass. */
    Map<String, Object> properties() {
        return properties;
    }

    /** Its service.ranking, 0 unless an Integer says otherwise. */
    int ranking() {
        Object ranking = properties.get(SERVICE_RANKING);
        return ranking instanceof Integer ? (Integer) ranking : 0;
    }

    @Override
    public String toString() {
        return interfaces + "#" + id + (owner == null ? "" : " from " + owner);
    }
}
