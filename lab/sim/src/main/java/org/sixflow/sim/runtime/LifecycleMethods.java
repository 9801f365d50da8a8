// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.ComponentContext;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Finds and calls activate, modified and deactivate methods as SCR does (DS 1.3, 112.5.8): in the
 * implementation class, then its superclasses, taking in order of preference (ComponentContext),
 * (BundleContext), (Map), (int) or (Integer) for deactivate, several of those, and no parameter.
 */
final class LifecycleMethods {

    /** Handed to methods that take a BundleContext: there is no framework to give them. */
    private static final BundleContext NO_BUNDLE_CONTEXT = (BundleContext) Proxy.newProxyInstance(
            LifecycleMethods.class.getClassLoader(), new Class<?>[]{BundleContext.class},
            (proxy, method, args) -> {
                switch (method.getName()) {
                    case "toString":
                        return "BundleContext (none: no OSGi framework in the simulation)";
                    case "hashCode":
                        return System.identityHashCode(proxy);
                    case "equals":
                        return proxy == args[0];
                    default:
                        throw new UnsupportedOperationException("BundleContext." + method.getName()
                                + ": there is no OSGi framework in the simulation");
                }
            });

    private LifecycleMethods() {
    }

    /**
     * Finds a lifecycle method.
     *
     * @param type       the implementation class
     * @param name       the method name
     * @param deactivate whether it is a deactivate method (which may take the reason)
     * @return the method, or empty if the class has none of that name
     * @throws IllegalArgumentException when methods of that name exist but none has a signature SCR accepts
     */
    static Optional<Method> find(Class<?> type, String name, boolean deactivate) {
        List<Method> named = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            List<Method> candidates = new ArrayList<>();
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(name) && !Modifier.isStatic(m.getModifiers())) {
                    named.add(m);
                    if (accessible(type, m)) {
                        candidates.add(m);
                    }
                }
            }
            Optional<Method> best = best(candidates, deactivate);
            if (best.isPresent()) {
                best.get().setAccessible(true);
                return best;
            }
        }
        if (!named.isEmpty()) {
            throw new IllegalArgumentException("No " + name + " method of " + type.getName()
                    + " has a signature this runtime accepts (ComponentContext, Map"
                    + (deactivate ? ", int" : "") + " or none): "
                    + named.stream().map(Method::toGenericString).collect(Collectors.joining("; ")));
        }
        return Optional.empty();
    }

    /**
     * Calls a lifecycle method.
     *
     * @param method     the method
     * @param instance   the component instance
     * @param context    the component context
     * @param properties the component properties
     * @param reason     the deactivation reason (for deactivate methods)
     * @throws InvocationTargetException when the method throws
     */
    static void invoke(Method method, Object instance, ComponentContext context, Map<String, Object> properties,
                       int reason) throws InvocationTargetException {
        Class<?>[] types = method.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            if (types[i] == ComponentContext.class) {
                args[i] = context;
            } else if (types[i] == BundleContext.class) {
                args[i] = NO_BUNDLE_CONTEXT;
            } else if (types[i] == Map.class) {
                args[i] = properties;
            } else {
                args[i] = reason;
            }
        }
        try {
            method.invoke(instance, args);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("Cannot call " + method, e);
        }
    }

    private static Optional<Method> best(List<Method> candidates, boolean deactivate) {
        for (List<Class<?>> wanted : Arrays.<List<Class<?>>>asList(
                List.of(ComponentContext.class), List.of(BundleContext.class), List.of(Map.class))) {
            for (Method m : candidates) {
                if (Arrays.asList(m.getParameterTypes()).equals(wanted)) {
                    return Optional.of(m);
                }
            }
        }
        if (deactivate) {
            for (Method m : candidates) {
                Class<?>[] p = m.getParameterTypes();
                if (p.length == 1 && (p[0] == int.class || p[0] == Integer.class)) {
                    return Optional.of(m);
                }
            }
        }
        for (Method m : candidates) {
            Class<?>[] p = m.getParameterTypes();
            if (p.length >= 2 && Arrays.stream(p).allMatch(t -> accepted(t, deactivate))) {
                return Optional.of(m);
            }
        }
        for (Method m : candidates) {
            if (m.getParameterCount() == 0) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    private static boolean accepted(Class<?> type, boolean deactivate) {
        return type == ComponentContext.class || type == BundleContext.class || type == Map.class
                || deactivate && (type == int.class || type == Integer.class);
    }

    // SCR's rules: private methods only in the implementation class itself, package-private ones
    // only in its package.
    private static boolean accessible(Class<?> type, Method m) {
        int modifiers = m.getModifiers();
        if (m.getDeclaringClass() == type || Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers)) {
            return true;
        }
        if (Modifier.isPrivate(modifiers)) {
            return false;
        }
        return m.getDeclaringClass().getPackageName().equals(type.getPackageName())
                && m.getDeclaringClass().getClassLoader() == type.getClassLoader();
    }
}
