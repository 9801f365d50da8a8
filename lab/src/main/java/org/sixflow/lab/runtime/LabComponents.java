// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.runtime;

import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;
import org.osgi.service.component.ComponentContext;
import org.slf4j.Logger;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * A small stand-in for OSGi's service component runtime: services by interface, and components
 * activated the way ONOS activates them. A component's fields whose type is a registered service
 * are filled before its {@code activate} method runs (the DS annotations have CLASS retention, so
 * the field's type is what is matched, as DS would by the reference's interface); components are
 * deactivated in reverse order. Component properties are not read: activate gets a null context,
 * so every component runs with its defaults.
 */
public final class LabComponents implements ServiceDirectory {

    private final Logger log = getLogger(getClass());
    private final Map<Class<?>, Object> services = new LinkedHashMap<>();
    private final Deque<Object> active = new ArrayDeque<>();

    /**
     * Registers a service.
     *
     * @param type     the service interface
     * @param instance its implementation
     * @param <T>      the interface
     * @return the instance
     */
    public synchronized <T> T register(Class<T> type, T instance) {
        services.put(type, instance);
        return instance;
    }

    @Override
    public synchronized <T> T get(Class<T> serviceClass) {
        Object service = services.get(serviceClass);
        if (service == null) {
            throw new ServiceNotFoundException("The lab has no service " + serviceClass.getName());
        }
        return serviceClass.cast(service);
    }

    /**
     * Wires a component's references and activates it.
     *
     * @param component the component, e.g. a new Msr6TreeManager
     * @param provides  the service interfaces it provides (registered after activation)
     * @param <T>       its type
     * @return the component
     */
    @SafeVarargs
    public final <T> T activate(T component, Class<? super T>... provides) {
        inject(component);
        invoke(component, "activate");
        synchronized (this) {
            active.push(component);
            for (Class<? super T> type : provides) {
                services.put(type, component);
            }
        }
        log.info("Started {}", component.getClass().getSimpleName());
        return component;
    }

    /**
     * Hands a component its properties as OSGi does when they change: its {@code modified}
     * method gets a context whose properties are these. Components without one keep running as
     * they are.
     *
     * @param componentName the component's class name
     * @param properties    every property set for it
     */
    public void modify(String componentName, Map<String, String> properties) {
        Object component;
        synchronized (this) {
            component = active.stream().filter(c -> c.getClass().getName().equals(componentName)).findFirst()
                    .orElse(null);
        }
        if (component == null) {
            return;
        }
        Hashtable<String, Object> dictionary = new Hashtable<>(properties);
        ComponentContext context = (ComponentContext) Proxy.newProxyInstance(
                ComponentContext.class.getClassLoader(), new Class<?>[]{ComponentContext.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("getProperties")) {
                        return dictionary;
                    }
                    if (method.getDeclaringClass() == Object.class) {
                        return method.getName().equals("toString") ? "lab context of " + componentName
                                : method.getName().equals("hashCode") ? System.identityHashCode(proxy)
                                : proxy == args[0];
                    }
                    return null;
                });
        for (Class<?> c = component.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) {
                if (method.getName().equals("modified") && method.getParameterCount() == 1
                        && method.getParameterTypes()[0] == ComponentContext.class) {
                    try {
                        method.setAccessible(true);
                        method.invoke(component, context);
                    } catch (IllegalAccessException | InvocationTargetException e) {
                        log.warn("{}.modified failed", component.getClass().getSimpleName(), e);
                    }
                    log.info("Properties of {}: {}", component.getClass().getSimpleName(), properties);
                    return;
                }
            }
        }
    }

    /** Deactivates every component, last activated first. */
    public void deactivateAll() {
        while (true) {
            Object component;
            synchronized (this) {
                component = active.poll();
            }
            if (component == null) {
                return;
            }
            try {
                invoke(component, "deactivate");
            } catch (RuntimeException e) {
                log.warn("Deactivating {} failed", component.getClass().getSimpleName(), e);
            }
        }
    }

    /**
     * Fills the component's unset fields whose type is a registered service.
     *
     * @param component the component
     */
    public synchronized void inject(Object component) {
        for (Class<?> c = component.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                Object service = services.get(field.getType());
                if (service == null || Modifier.isStatic(modifiers) || Modifier.isFinal(modifiers)) {
                    continue;
                }
                try {
                    field.setAccessible(true);
                    if (field.get(component) == null) {
                        field.set(component, service);
                    }
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("Cannot wire " + field, e);
                }
            }
        }
    }

    private static void invoke(Object component, String name) {
        for (Class<?> c = component.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) {
                if (!method.getName().equals(name) || Modifier.isStatic(method.getModifiers())) {
                    continue;
                }
                Class<?>[] parameters = method.getParameterTypes();
                Object[] arguments;
                if (parameters.length == 0) {
                    arguments = new Object[0];
                } else if (parameters.length == 1 && parameters[0] == ComponentContext.class) {
                    arguments = new Object[]{null};
                } else {
                    continue;
                }
                try {
                    method.setAccessible(true);
                    method.invoke(component, arguments);
                    return;
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("Cannot call " + method, e);
                } catch (InvocationTargetException e) {
                    throw new IllegalStateException(component.getClass().getSimpleName() + "." + name + " failed: "
                                                            + e.getCause(), e.getCause());
                }
            }
        }
    }
}
