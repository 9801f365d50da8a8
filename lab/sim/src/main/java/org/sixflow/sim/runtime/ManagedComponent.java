// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One component's state in the runtime: its descriptor, its instance while active, what each
 * reference has bound, its service registration and its properties. Guarded by the runtime's lock.
 */
final class ManagedComponent {

    final ComponentDescriptor descriptor;
    final ClassLoader loader;
    final long id;

    ComponentState state;
    Class<?> type;
    Map<String, ReferenceBinder> binders;
    Object instance;
    SimComponentContext context;
    ServiceEntry registration;
    Map<String, Object> properties = Map.of();
    Throwable failure;
    final Map<String, List<ServiceEntry>> bound = new LinkedHashMap<>();

    ManagedComponent(ComponentDescriptor descriptor, ClassLoader loader, long id) {
        this.descriptor = descriptor;
        this.loader = loader;
        this.id = id;
        this.state = descriptor.enabled() ? ComponentState.UNSATISFIED : ComponentState.DISABLED;
    }

    /** The component name. */
    String name() {
        return descriptor.name();
    }

    /** The services bound to a reference (a live list). */
    List<ServiceEntry> bound(String reference) {
        return bound.computeIfAbsent(reference, r -> new ArrayList<>());
    }

    /** The binder of a reference; the type must be loaded. */
    ReferenceBinder binder(ReferenceDescriptor reference) {
        return binders.get(reference.name());
    }

    @Override
    public String toString() {
        return name() + " [" + state + "]";
    }
}
