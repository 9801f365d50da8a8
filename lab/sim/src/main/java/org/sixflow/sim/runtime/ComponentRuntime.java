// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.onlab.osgi.ServiceDirectory;
import org.osgi.service.component.ComponentConstants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Runs Declarative Services components outside OSGi, as Apache Felix SCR runs them in ONOS.
 * <p>
 * Services from outside (the simulated ONOS core) are {@link #register registered}; components are
 * {@link #add added} from their descriptors; {@link #start} activates, in descriptor order, every
 * component whose mandatory references are satisfied, until nothing more can be activated. A
 * component is activated by instantiating its implementation class, binding its references (fields
 * and bind methods), calling its activate method and registering its services, which may satisfy
 * further components. Dynamic references follow services that come and go; a static reference
 * whose service goes away deactivates its component, which is activated again when it can be.
 * Configuration changes ({@link #configure}) call a component's modified method, or reactivate it
 * when it has none. {@link #stop} deactivates in reverse activation order.
 * <p>
 * Not simulated: delayed components (a component that is not immediate is activated as soon as it
 * is satisfied, as ONOS's components all are immediate), factory components, target filters,
 * component property types and ServiceReference parameters, which are refused with a clear message.
 * <p>
 * Thread-safe: lifecycle operations run one at a time; service lookups never wait for them. A
 * component that calls back into the runtime from a lifecycle method (enabling a component) has its
 * request run when the current operation ends, as SCR runs such requests asynchronously.
 */
public final class ComponentRuntime implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ComponentRuntime.class);

    private final Object lock = new Object();
    private final ClassLoader defaultLoader;
    private final ServiceRegistry registry = new ServiceRegistry();
    private final Map<String, ManagedComponent> components = new LinkedHashMap<>();
    private final List<ManagedComponent> activated = new ArrayList<>();
    private final Map<String, Map<String, Object>> configurations = new ConcurrentHashMap<>();
    private final Deque<Runnable> deferred = new ArrayDeque<>();
    private final ServiceDirectory directory = new RegistryServiceDirectory(this);
    private long nextComponentId;
    private boolean started;
    private int depth;

    /** Creates a runtime that loads implementation classes with its own class loader. */
    public ComponentRuntime() {
        this(ComponentRuntime.class.getClassLoader());
    }

    /**
     * Creates a runtime.
     *
     * @param loader the class loader implementation classes are loaded with, unless {@link #add(Collection,
     *               ClassLoader)} names another
     */
    public ComponentRuntime(ClassLoader loader) {
        this.defaultLoader = Objects.requireNonNull(loader, "loader");
    }

    /**
     * Registers a service provided from outside the components (a simulated core service).
     *
     * @param service  the service interface
     * @param instance the service
     * @param <T>      the service type
     */
    public <T> void register(Class<T> service, T instance) {
        registerAll(instance, service);
    }

    /**
     * Registers one object under several service interfaces, as one registration.
     *
     * @param instance the service
     * @param services the interfaces it is registered under
     * @throws IllegalArgumentException when it does not implement one of them
     */
    public void registerAll(Object instance, Class<?>... services) {
        Objects.requireNonNull(instance, "instance");
        if (services.length == 0) {
            throw new IllegalArgumentException("Register " + instance + " under at least one interface");
        }
        List<String> names = new ArrayList<>();
        for (Class<?> service : services) {
            if (!service.isInstance(instance)) {
                throw new IllegalArgumentException(instance.getClass().getName() + " does not implement "
                                                           + service.getName());
            }
            names.add(service.getName());
        }
        operate(() -> servicesAppeared(registry.register(instance, names, null, Map.of())));
    }

    /**
     * Withdraws every registration of an object registered from outside; components bound to it
     * unbind it or are deactivated.
     *
     * @param instance the service
     */
    public void unregister(Object instance) {
        operate(() -> {
            for (ServiceEntry entry : registry.all()) {
                if (entry.instance() == instance && entry.owner() == null) {
                    servicesDisappearing(entry);
                    registry.unregister(entry);
                }
            }
        });
    }

    /**
     * Adds components; they load their classes with the runtime's class loader.
     *
     * @param descriptors the components' descriptors
     * @throws IllegalArgumentException when a name is already taken or a descriptor uses what is not simulated
     */
    public void add(Collection<ComponentDescriptor> descriptors) {
        add(descriptors, defaultLoader);
    }

    /**
     * Adds components.
     *
     * @param descriptors the components' descriptors
     * @param loader      the class loader of their implementation classes
     * @throws IllegalArgumentException when a name is already taken or a descriptor uses what is not simulated
     */
    public void add(Collection<ComponentDescriptor> descriptors, ClassLoader loader) {
        Objects.requireNonNull(loader, "loader");
        operate(() -> {
            for (ComponentDescriptor d : descriptors) {
                if (components.containsKey(d.name())) {
                    throw new IllegalArgumentException("Component " + d.name() + " is already added (from "
                                                               + components.get(d.name()).descriptor.source() + ")");
                }
                for (ReferenceDescriptor r : d.references()) {
                    if (r.target().isPresent() && !r.target().get().isEmpty()) {
                        throw new IllegalArgumentException("Component " + d.name() + ", reference " + r.name()
                                                                   + ": target filters are not supported");
                    }
                }
            }
            for (ComponentDescriptor d : descriptors) {
                components.put(d.name(), new ManagedComponent(d, loader, nextComponentId++));
            }
        });
    }

    /**
     * Activates every component that can be activated.
     *
     * @throws ComponentStartException when a component failed to activate or is not satisfied; the
     *                                 message lists each with its missing references, and the
     *                                 components already activated are deactivated again
     */
    public void start() {
        operate(() -> {
            started = true;
            resolve();
            List<String> problems = problems();
            if (!problems.isEmpty()) {
                List<Throwable> failures = components.values().stream()
                        .filter(c -> c.state == ComponentState.FAILED).map(c -> c.failure)
                        .collect(Collectors.toList());
                deactivateAll();
                started = false;
                throw new ComponentStartException(problems, failures);
            }
            log.info("Started {} components", activated.size());
        });
    }

    /** Deactivates every component, the last activated first. */
    public void stop() {
        operate(() -> {
            deactivateAll();
            started = false;
        });
    }

    /** Same as {@link #stop}. */
    @Override
    public void close() {
        stop();
    }

    /**
     * Sets (or deletes) the configuration of a PID, as ConfigurationAdmin does: the component with
     * that configuration PID gets its modified method called with the merged properties, or is
     * reactivated when it has none.
     *
     * @param pid           the configuration PID (a component's name unless its descriptor says otherwise)
     * @param configuration the properties, or null to delete the configuration
     */
    public void configure(String pid, Map<String, ?> configuration) {
        Objects.requireNonNull(pid, "pid");
        Map<String, Object> copy = null;
        if (configuration != null) {
            copy = new LinkedHashMap<>();
            for (Map.Entry<String, ?> e : configuration.entrySet()) {
                if (e.getKey() == null || e.getValue() == null) {
                    throw new IllegalArgumentException("Configuration " + pid + " has a null key or value: "
                                                               + configuration);
                }
                copy.put(e.getKey(), e.getValue());
            }
        }
        Map<String, Object> stored = copy == null ? null : ImmutableMap.copyOf(copy);
        operate(() -> {
            if (stored == null) {
                configurations.remove(pid);
            } else {
                configurations.put(pid, stored);
            }
            for (ManagedComponent c : new ArrayList<>(components.values())) {
                if (c.descriptor.configurationPid().equals(pid)) {
                    reconfigure(c);
                }
            }
        });
    }

    /**
     * Returns the configuration of a PID.
     *
     * @param pid the PID
     * @return its properties, if it has a configuration
     */
    public Optional<Map<String, Object>> configuration(String pid) {
        // Never waits for a lifecycle operation: configuration services read it under their own locks.
        return Optional.ofNullable(configurations.get(pid));
    }

    /**
     * Enables a component; it is activated when it can be.
     *
     * @param name the component name, or null for every component
     * @throws IllegalArgumentException for an unknown component
     */
    public void enable(String name) {
        operate(() -> {
            for (ManagedComponent c : named(name)) {
                if (c.state == ComponentState.DISABLED) {
                    c.state = ComponentState.UNSATISFIED;
                }
            }
        });
    }

    /**
     * Disables a component, deactivating it.
     *
     * @param name the component name, or null for every component
     * @throws IllegalArgumentException for an unknown component
     */
    public void disable(String name) {
        operate(() -> {
            for (ManagedComponent c : named(name)) {
                deactivate(c, ComponentConstants.DEACTIVATION_REASON_DISABLED);
                c.state = ComponentState.DISABLED;
            }
        });
    }

    /**
     * Looks a service up: the best one registered under the interface (highest ranking, then oldest).
     *
     * @param service the service interface
     * @param <T>     the service type
     * @return the service, if one is registered
     */
    public <T> Optional<T> service(Class<T> service) {
        List<ServiceEntry> entries = registry.lookup(service.getName());
        return entries.isEmpty() ? Optional.empty() : Optional.of(service.cast(entries.get(0).instance()));
    }

    /**
     * Looks up every service registered under an interface.
     *
     * @param service the service interface
     * @param <T>     the service type
     * @return the services, best first
     */
    public <T> List<T> services(Class<T> service) {
        return registry.lookup(service.getName()).stream().map(e -> service.cast(e.instance()))
                .collect(ImmutableList.toImmutableList());
    }

    /**
     * Returns ONOS's ServiceDirectory over the registered services (what its REST layer uses);
     * its get throws ServiceNotFoundException for a service nobody registered.
     *
     * @return the directory
     */
    public ServiceDirectory serviceDirectory() {
        return directory;
    }

    /**
     * Returns the names of the added components.
     *
     * @return the names, in the order they were added
     */
    public List<String> componentNames() {
        synchronized (lock) {
            return ImmutableList.copyOf(components.keySet());
        }
    }

    /**
     * Returns the names of the active components.
     *
     * @return the names, in activation order
     */
    public List<String> activeComponents() {
        synchronized (lock) {
            return activated.stream().map(ManagedComponent::name).collect(ImmutableList.toImmutableList());
        }
    }

    /**
     * Returns a component's state.
     *
     * @param name the component name
     * @return its state
     * @throws IllegalArgumentException for an unknown component
     */
    public ComponentState state(String name) {
        synchronized (lock) {
            return component(name).state;
        }
    }

    /**
     * Returns a component's instance while it is active.
     *
     * @param name the component name
     * @return the instance, if active
     * @throws IllegalArgumentException for an unknown component
     */
    public Optional<Object> instance(String name) {
        synchronized (lock) {
            return Optional.ofNullable(component(name).instance);
        }
    }

    /**
     * Returns the properties a component was last given (descriptor, configuration, component.name
     * and component.id).
     *
     * @param name the component name
     * @return the properties (empty before its first activation)
     * @throws IllegalArgumentException for an unknown component
     */
    public Map<String, Object> properties(String name) {
        synchronized (lock) {
            return component(name).properties;
        }
    }

    /**
     * Returns why a component failed to activate.
     *
     * @param name the component name
     * @return the failure, if its state is FAILED
     * @throws IllegalArgumentException for an unknown component
     */
    public Optional<Throwable> failure(String name) {
        synchronized (lock) {
            ManagedComponent c = component(name);
            return c.state == ComponentState.FAILED ? Optional.of(c.failure) : Optional.empty();
        }
    }

    /**
     * Returns a component's descriptor.
     *
     * @param name the component name
     * @return its descriptor, if it was added
     */
    public Optional<ComponentDescriptor> descriptor(String name) {
        synchronized (lock) {
            ManagedComponent c = components.get(name);
            return c == null ? Optional.empty() : Optional.of(c.descriptor);
        }
    }

    /** The services bound to one of a component's references; for its ComponentContext. */
    Object[] locate(ManagedComponent component, String reference) {
        synchronized (lock) {
            List<ServiceEntry> bound = component.bound.get(reference);
            return bound == null ? new Object[0] : bound.stream().map(ServiceEntry::instance).toArray();
        }
    }

    // Runs a lifecycle operation under the lock. One asked for from inside another (by a
    // component's lifecycle or bind method) waits until the outer one ends, as SCR queues it.
    private void operate(Runnable operation) {
        synchronized (lock) {
            if (depth > 0) {
                deferred.add(operation);
                return;
            }
            depth++;
            try {
                operation.run();
                do {
                    while (!deferred.isEmpty()) {
                        deferred.poll().run();
                    }
                    if (started) {
                        resolve();
                    }
                } while (!deferred.isEmpty());
            } finally {
                deferred.clear();
                depth--;
            }
        }
    }

    private List<ManagedComponent> named(String name) {
        return name == null ? new ArrayList<>(components.values()) : List.of(component(name));
    }

    private ManagedComponent component(String name) {
        ManagedComponent c = components.get(name);
        if (c == null) {
            throw new IllegalArgumentException("No component " + name);
        }
        return c;
    }

    // Activates satisfied components one at a time, always the first in descriptor order, so the
    // order is the same on every run.
    private void resolve() {
        int limit = 10 * (components.size() + 1);
        for (int round = 0; ; round++) {
            ManagedComponent next = null;
            for (ManagedComponent c : components.values()) {
                if (c.state == ComponentState.UNSATISFIED && satisfied(c)) {
                    next = c;
                    break;
                }
            }
            if (next == null) {
                return;
            }
            if (round > limit) {
                throw new IllegalStateException("Components keep being activated and deactivated; last: "
                                                        + next.name());
            }
            activate(next);
        }
    }

    private boolean satisfied(ManagedComponent c) {
        if (c.descriptor.configurationPolicy() == ComponentDescriptor.ConfigurationPolicy.REQUIRE
                && !configurations.containsKey(c.descriptor.configurationPid())) {
            return false;
        }
        for (ReferenceDescriptor r : c.descriptor.references()) {
            if (r.cardinality().isMandatory() && candidates(c, r, null).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    // The services a reference could bind, best first; never the component's own.
    private List<ServiceEntry> candidates(ManagedComponent c, ReferenceDescriptor r, ServiceEntry leaving) {
        return registry.lookup(r.interfaceName()).stream()
                .filter(e -> !c.name().equals(e.owner()) && e != leaving)
                .collect(Collectors.toList());
    }

    private Map<String, Object> mergedProperties(ManagedComponent c) {
        Map<String, Object> merged = new LinkedHashMap<>(c.descriptor.properties());
        if (c.descriptor.configurationPolicy() != ComponentDescriptor.ConfigurationPolicy.IGNORE) {
            merged.putAll(configurations.getOrDefault(c.descriptor.configurationPid(), Map.of()));
        }
        merged.put(ComponentConstants.COMPONENT_NAME, c.name());
        merged.put(ComponentConstants.COMPONENT_ID, c.id);
        return java.util.Collections.unmodifiableMap(merged);
    }

    private void activate(ManagedComponent c) {
        Object instance;
        try {
            loadType(c);
            Constructor<?> constructor = c.type.getDeclaredConstructor();
            constructor.setAccessible(true);
            instance = constructor.newInstance();
        } catch (InvocationTargetException e) {
            fail(c, new ComponentActivationException(c.name(), "its constructor threw", e.getCause()));
            return;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            fail(c, new ComponentActivationException(c.name(), "it cannot be instantiated", e));
            return;
        }
        c.instance = instance;
        c.properties = mergedProperties(c);
        c.bound.clear();
        try {
            for (ReferenceDescriptor r : c.descriptor.references()) {
                List<ServiceEntry> candidates = candidates(c, r, null);
                List<ServiceEntry> bound = c.bound(r.name());
                for (ServiceEntry e : r.cardinality().isMultiple() ? candidates
                        : candidates.stream().limit(1).collect(Collectors.toList())) {
                    bound.add(e);
                    c.binder(r).bind(instance, e, bound);
                }
            }
            c.context = new SimComponentContext(this, c);
            Optional<Method> method = lifecycle(c, c.descriptor.activate(), c.descriptor.activateDeclared(), false);
            if (method.isPresent()) {
                LifecycleMethods.invoke(method.get(), instance, c.context, c.properties, 0);
            }
        } catch (InvocationTargetException e) {
            unbindAll(c);
            fail(c, new ComponentActivationException(c.name(), c.descriptor.activate() + " threw", e.getCause()));
            return;
        } catch (RuntimeException e) {
            unbindAll(c);
            fail(c, new ComponentActivationException(c.name(), "it cannot be activated", e));
            return;
        }
        c.state = ComponentState.ACTIVE;
        c.failure = null;
        activated.add(c);
        log.debug("Activated {}", c.name());
        if (!c.descriptor.services().isEmpty()) {
            c.registration = registry.register(instance, c.descriptor.services(), c.name(), c.properties);
            servicesAppeared(c.registration);
        }
    }

    private void loadType(ManagedComponent c) throws ClassNotFoundException {
        if (c.type != null) {
            return;
        }
        Class<?> type = Class.forName(c.descriptor.implementationClass(), false, c.loader);
        Map<String, ReferenceBinder> binders = new HashMap<>();
        for (ReferenceDescriptor r : c.descriptor.references()) {
            binders.put(r.name(), new ReferenceBinder(c.name(), type, r));
        }
        c.binders = binders;
        c.type = type;
    }

    private Optional<Method> lifecycle(ManagedComponent c, String name, boolean declared, boolean deactivate) {
        Optional<Method> method = LifecycleMethods.find(c.type, name, deactivate);
        if (method.isEmpty() && declared) {
            throw new IllegalArgumentException("its descriptor names method " + name + ", which "
                                                       + c.type.getName() + " does not have");
        }
        return method;
    }

    private void fail(ManagedComponent c, ComponentActivationException failure) {
        c.instance = null;
        c.context = null;
        c.bound.clear();
        c.state = ComponentState.FAILED;
        c.failure = failure;
        log.error(failure.getMessage(), failure.getCause());
    }

    // A new service: dynamic references take it, greedy static ones reactivate their component.
    private void servicesAppeared(ServiceEntry entry) {
        List<ManagedComponent> reactivate = new ArrayList<>();
        for (ManagedComponent d : new ArrayList<>(activated)) {
            if (d.name().equals(entry.owner()) || d.state != ComponentState.ACTIVE) {
                continue;
            }
            for (ReferenceDescriptor r : d.descriptor.references()) {
                if (!entry.interfaces().contains(r.interfaceName())) {
                    continue;
                }
                List<ServiceEntry> bound = d.bound(r.name());
                boolean better = !bound.isEmpty() && ServiceEntry.BEST_FIRST.compare(entry, bound.get(0)) < 0;
                boolean greedy = r.policyOption() == ReferenceDescriptor.PolicyOption.GREEDY;
                if (!r.isDynamic()) {
                    if (greedy && (r.cardinality().isMultiple() || bound.isEmpty() || better)) {
                        reactivate.add(d);
                    }
                } else if (r.cardinality().isMultiple() || bound.isEmpty()) {
                    bound.add(entry);
                    d.binder(r).bind(d.instance, entry, bound);
                } else if (greedy && better) {
                    ServiceEntry old = bound.set(0, entry);
                    d.binder(r).bind(d.instance, entry, bound);
                    d.binder(r).unbind(d.instance, old, bound);
                }
            }
        }
        for (ManagedComponent d : reactivate) {
            deactivate(d, ComponentConstants.DEACTIVATION_REASON_REFERENCE);
        }
    }

    // A service going away: dynamic references unbind it (taking a replacement if they can),
    // static ones, and mandatory ones left with nothing, deactivate their component.
    private void servicesDisappearing(ServiceEntry entry) {
        List<ManagedComponent> deactivate = new ArrayList<>();
        for (ManagedComponent d : new ArrayList<>(activated)) {
            if (d.state != ComponentState.ACTIVE) {
                continue;
            }
            for (ReferenceDescriptor r : d.descriptor.references()) {
                List<ServiceEntry> bound = d.bound(r.name());
                if (!bound.contains(entry)) {
                    continue;
                }
                if (!r.isDynamic()) {
                    deactivate.add(d);
                    break;
                }
                if (r.cardinality().isMultiple()) {
                    if (r.cardinality().isMandatory() && bound.size() == 1) {
                        deactivate.add(d);
                        break;
                    }
                    bound.remove(entry);
                    d.binder(r).unbind(d.instance, entry, bound);
                    continue;
                }
                List<ServiceEntry> others = candidates(d, r, entry);
                if (!others.isEmpty()) {
                    bound.set(0, others.get(0));
                    d.binder(r).bind(d.instance, others.get(0), bound);
                    d.binder(r).unbind(d.instance, entry, bound);
                } else if (r.cardinality().isMandatory()) {
                    deactivate.add(d);
                    break;
                } else {
                    bound.clear();
                    d.binder(r).unbind(d.instance, entry, bound);
                }
            }
        }
        for (ManagedComponent d : deactivate) {
            deactivate(d, ComponentConstants.DEACTIVATION_REASON_REFERENCE);
        }
    }

    private void deactivateAll() {
        List<ManagedComponent> order = new ArrayList<>(activated);
        for (int i = order.size() - 1; i >= 0; i--) {
            deactivate(order.get(i), ComponentConstants.DEACTIVATION_REASON_BUNDLE_STOPPED);
        }
    }

    // SCR's order: unregister the services, call deactivate, unbind the references.
    private void deactivate(ManagedComponent c, int reason) {
        if (c.state != ComponentState.ACTIVE) {
            return;
        }
        c.state = ComponentState.UNSATISFIED;
        activated.remove(c);
        if (c.registration != null) {
            ServiceEntry registration = c.registration;
            c.registration = null;
            servicesDisappearing(registration);
            registry.unregister(registration);
        }
        try {
            Optional<Method> method = lifecycle(c, c.descriptor.deactivate(), c.descriptor.deactivateDeclared(),
                                                true);
            if (method.isPresent()) {
                LifecycleMethods.invoke(method.get(), c.instance, c.context, c.properties, reason);
            }
        } catch (InvocationTargetException e) {
            log.error("Component {}: {} threw", c.name(), c.descriptor.deactivate(), e.getCause());
        } catch (RuntimeException e) {
            log.error("Component {} cannot be deactivated cleanly", c.name(), e);
        }
        unbindAll(c);
        c.instance = null;
        c.context = null;
        log.debug("Deactivated {}", c.name());
    }

    private void unbindAll(ManagedComponent c) {
        List<ReferenceDescriptor> references = new ArrayList<>(c.descriptor.references());
        java.util.Collections.reverse(references);
        for (ReferenceDescriptor r : references) {
            List<ServiceEntry> bound = c.bound(r.name());
            while (!bound.isEmpty()) {
                ServiceEntry e = bound.remove(bound.size() - 1);
                try {
                    c.binder(r).unbind(c.instance, e, bound);
                } catch (RuntimeException ex) {
                    log.error("Component {}: unbinding {} failed", c.name(), r.name(), ex);
                }
            }
        }
        c.bound.clear();
    }

    private void reconfigure(ManagedComponent c) {
        if (c.descriptor.configurationPolicy() == ComponentDescriptor.ConfigurationPolicy.IGNORE) {
            return;
        }
        if (c.state == ComponentState.FAILED) {
            // A new configuration may fix what failed: try again.
            c.state = ComponentState.UNSATISFIED;
            return;
        }
        if (c.state != ComponentState.ACTIVE) {
            return;
        }
        boolean deleted = !configurations.containsKey(c.descriptor.configurationPid());
        if (deleted && c.descriptor.configurationPolicy() == ComponentDescriptor.ConfigurationPolicy.REQUIRE) {
            deactivate(c, ComponentConstants.DEACTIVATION_REASON_CONFIGURATION_DELETED);
            return;
        }
        Map<String, Object> properties = mergedProperties(c);
        if (sameProperties(properties, c.properties)) {
            return;
        }
        Optional<Method> modified;
        try {
            modified = c.descriptor.modified().isPresent()
                    ? lifecycle(c, c.descriptor.modified().get(), true, false) : Optional.empty();
        } catch (RuntimeException e) {
            log.error("Component {}: {}; reactivating it instead", c.name(), e.getMessage());
            modified = Optional.empty();
        }
        if (modified.isEmpty()) {
            // SCR's answer to a configuration change without a modified method.
            deactivate(c, deleted ? ComponentConstants.DEACTIVATION_REASON_CONFIGURATION_DELETED
                    : ComponentConstants.DEACTIVATION_REASON_CONFIGURATION_MODIFIED);
            return;
        }
        c.properties = properties;
        c.context = new SimComponentContext(this, c);
        try {
            LifecycleMethods.invoke(modified.get(), c.instance, c.context, properties, 0);
        } catch (InvocationTargetException e) {
            log.error("Component {}: {} threw", c.name(), modified.get().getName(), e.getCause());
        }
    }

    private static boolean sameProperties(Map<String, Object> a, Map<String, Object> b) {
        if (!a.keySet().equals(b.keySet())) {
            return false;
        }
        for (Map.Entry<String, Object> e : a.entrySet()) {
            if (!Objects.deepEquals(e.getValue(), b.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    // One line per enabled component that is not active, saying what it lacks.
    private List<String> problems() {
        List<String> problems = new ArrayList<>();
        for (ManagedComponent c : components.values()) {
            if (c.state == ComponentState.FAILED) {
                problems.add(c.failure.getMessage());
            } else if (c.state == ComponentState.UNSATISFIED) {
                List<String> missing = new ArrayList<>();
                for (ReferenceDescriptor r : c.descriptor.references()) {
                    if (r.cardinality().isMandatory() && candidates(c, r, null).isEmpty()) {
                        missing.add("reference " + r.name() + " needs " + r.interfaceName() + ", "
                                            + provider(r.interfaceName()));
                    }
                }
                if (c.descriptor.configurationPolicy() == ComponentDescriptor.ConfigurationPolicy.REQUIRE
                        && !configurations.containsKey(c.descriptor.configurationPid())) {
                    missing.add("it requires configuration " + c.descriptor.configurationPid());
                }
                problems.add("Component " + c.name() + " is not satisfied: " + String.join("; ", missing));
            }
        }
        return problems;
    }

    private String provider(String interfaceName) {
        List<String> providers = new ArrayList<>();
        for (ManagedComponent c : components.values()) {
            if (c.descriptor.services().contains(interfaceName)) {
                providers.add(c.name() + " (" + describe(c.state) + ")");
            }
        }
        return providers.isEmpty() ? "which no component provides and nothing registered"
                : "provided by " + String.join(", ", providers);
    }

    private static String describe(ComponentState state) {
        switch (state) {
            case FAILED:
                return "which failed to activate";
            case DISABLED:
                return "which is disabled";
            case UNSATISFIED:
                return "which is not satisfied";
            default:
                return "active";
        }
    }

    @Override
    public String toString() {
        synchronized (lock) {
            return "ComponentRuntime" + Arrays.toString(components.values().toArray());
        }
    }
}
