// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.driver;

import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static com.google.common.base.Preconditions.checkNotNull;

/** The services the simulation gives drivers' handlers, by the class they are asked for. */
final class HandlerServices implements ServiceDirectory {

    private final Map<Class<?>, Object> services = new ConcurrentHashMap<>();

    /**
     * Adds a service.
     *
     * @param serviceClass the class handlers ask for
     * @param service      the service
     * @param <T>          its type
     */
    <T> void add(Class<T> serviceClass, T service) {
        checkNotNull(serviceClass, "Service class cannot be null");
        services.put(serviceClass, checkNotNull(service, "Service cannot be null"));
    }

    /**
     * Returns a service.
     *
     * @param serviceClass the service
     * @param <T>          its type
     * @return the service
     * @throws ServiceNotFoundException if the simulation has no such service
     */
    @Override
    public <T> T get(Class<T> serviceClass) {
        checkNotNull(serviceClass, "Service class cannot be null");
        Object service = services.get(serviceClass);
        if (service == null) {
            throw new ServiceNotFoundException("Service " + serviceClass.getName() + " not found in the simulation");
        }
        return serviceClass.cast(service);
    }
}
