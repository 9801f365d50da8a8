// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Hands a reference's services to a component instance the way its descriptor says: through its
 * field (any visibility, in the class or a superclass) and its bind and unbind methods, taking
 * (ServiceType) or (ServiceType, Map) or (Map).
 */
final class ReferenceBinder {

    private static final Logger log = LoggerFactory.getLogger(ReferenceBinder.class);

    private final String component;
    private final ReferenceDescriptor reference;
    private final Field field;
    private final Method bind;
    private final Method unbind;

    /**
     * Resolves a reference's field and methods in an implementation class.
     *
     * @param component the component name, for messages
     * @param type      the implementation class
     * @param reference the reference
     * @throws IllegalArgumentException when the interface, field or a method cannot be found
     */
    ReferenceBinder(String component, Class<?> type, ReferenceDescriptor reference) {
        this.component = component;
        this.reference = reference;
        Class<?> service;
        try {
            service = Class.forName(reference.interfaceName(), false, type.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException(where() + ": interface " + reference.interfaceName()
                                                       + " cannot be loaded: " + e, e);
        }
        this.field = reference.field().map(name -> field(type, name, service)).orElse(null);
        this.bind = reference.bind().map(name -> method(type, name, service)).orElse(null);
        this.unbind = reference.unbind().map(name -> method(type, name, service)).orElse(null);
    }

    /**
     * Binds one more service.
     *
     * @param instance the component instance
     * @param entry    the service
     * @param bound    every service now bound to the reference, entry included
     */
    void bind(Object instance, ServiceEntry entry, List<ServiceEntry> bound) {
        if (field != null) {
            if (reference.cardinality().isMultiple()) {
                updateCollection(instance, entry, bound, true);
            } else {
                set(instance, entry.instance());
            }
        }
        if (bind != null) {
            call(bind, instance, entry);
        }
    }

    /**
     * Unbinds a service.
     *
     * @param instance the component instance
     * @param entry    the service going away
     * @param bound    the services still bound to the reference, entry excluded
     */
    void unbind(Object instance, ServiceEntry entry, List<ServiceEntry> bound) {
        if (unbind != null) {
            call(unbind, instance, entry);
        }
        // A static reference's field is left alone: the instance is discarded with it.
        if (field != null && reference.isDynamic()) {
            if (reference.cardinality().isMultiple()) {
                updateCollection(instance, entry, bound, false);
            } else if (get(instance) == entry.instance()) {
                set(instance, bound.isEmpty() ? null : bound.get(0).instance());
            }
        }
    }

    private void updateCollection(Object instance, ServiceEntry entry, List<ServiceEntry> bound, boolean add) {
        if (reference.fieldOption() == ReferenceDescriptor.FieldOption.REPLACE) {
            List<Object> services = new ArrayList<>();
            bound.forEach(e -> services.add(e.instance()));
            set(instance, Collections.unmodifiableList(services));
            return;
        }
        Object current = get(instance);
        if (!(current instanceof Collection)) {
            throw new IllegalStateException(where() + ": field " + field.getName()
                                                    + " has field-option update but holds no collection");
        }
        @SuppressWarnings("unchecked")
        Collection<Object> collection = (Collection<Object>) current;
        if (add) {
            collection.add(entry.instance());
        } else {
            collection.remove(entry.instance());
        }
    }

    private Object get(Object instance) {
        try {
            return field.get(instance);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(where() + ": cannot read field " + field.getName(), e);
        }
    }

    private void set(Object instance, Object value) {
        try {
            field.set(instance, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(where() + ": cannot set field " + field.getName(), e);
        }
    }

    private void call(Method method, Object instance, ServiceEntry entry) {
        Class<?>[] types = method.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            args[i] = types[i] == Map.class ? entry.properties() : entry.instance();
        }
        try {
            method.invoke(instance, args);
        } catch (InvocationTargetException e) {
            // As SCR: a failing bind or unbind method is logged; the binding stands.
            log.error("{}: {} threw", where(), method.getName(), e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(where() + ": cannot call " + method, e);
        }
    }

    private Field field(Class<?> type, String name, Class<?> service) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals(name) && !Modifier.isStatic(f.getModifiers())) {
                    Class<?> wanted = reference.cardinality().isMultiple() ? List.class : service;
                    boolean fits = reference.cardinality().isMultiple()
                            && reference.fieldOption() == ReferenceDescriptor.FieldOption.UPDATE
                            ? Collection.class.isAssignableFrom(f.getType())
                            : f.getType().isAssignableFrom(wanted);
                    if (!fits) {
                        throw new IllegalArgumentException(where() + ": field " + f + " cannot hold "
                                                                   + wanted.getName());
                    }
                    f.setAccessible(true);
                    return f;
                }
            }
        }
        throw new IllegalArgumentException(where() + ": no field " + name + " in " + type.getName()
                                                   + " or its superclasses");
    }

    private Method method(Class<?> type, String name, Class<?> service) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            Method found = bestMethod(c, name, service);
            if (found != null) {
                found.setAccessible(true);
                return found;
            }
        }
        throw new IllegalArgumentException(where() + ": no method " + name + "(" + service.getName()
                                                   + ") in " + type.getName() + " or its superclasses");
    }

    // In order of preference: the service type itself, a supertype of it, either with the
    // service properties, then the properties alone.
    private static Method bestMethod(Class<?> c, String name, Class<?> service) {
        Method exact = null;
        Method assignable = null;
        Method exactWithMap = null;
        Method assignableWithMap = null;
        Method mapOnly = null;
        for (Method m : c.getDeclaredMethods()) {
            if (!m.getName().equals(name) || Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            Class<?>[] p = m.getParameterTypes();
            if (p.length == 1 && p[0] == service) {
                exact = m;
            } else if (p.length == 1 && p[0] != Map.class && p[0].isAssignableFrom(service)) {
                assignable = m;
            } else if (p.length == 2 && p[0] == service && p[1] == Map.class) {
                exactWithMap = m;
            } else if (p.length == 2 && p[0].isAssignableFrom(service) && p[1] == Map.class) {
                assignableWithMap = m;
            } else if (p.length == 1 && p[0] == Map.class) {
                mapOnly = m;
            }
        }
        for (Method m : new Method[]{exact, exactWithMap, assignable, assignableWithMap, mapOnly}) {
            if (m != null) {
                return m;
            }
        }
        return null;
    }

    private String where() {
        return "Component " + component + ", reference " + reference.name();
    }
}
