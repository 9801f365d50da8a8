// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.ComponentInstance;

import java.util.Dictionary;
import java.util.Map;

/**
 * The ComponentContext a component's activate and modified methods receive: its properties as they
 * were when the method was called, its bound services, and enabling of components. What needs an
 * OSGi framework (bundles, service references) throws UnsupportedOperationException.
 */
final class SimComponentContext implements ComponentContext {

    private final ComponentRuntime runtime;
    private final ManagedComponent component;
    private final Object instance;
    private final Map<String, Object> properties;

    SimComponentContext(ComponentRuntime runtime, ManagedComponent component) {
        this.runtime = runtime;
        this.component = component;
        this.instance = component.instance;
        this.properties = component.properties;
    }

    @Override
    public Dictionary<String, Object> getProperties() {
        return new ReadOnlyDictionary(properties);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S> S locateService(String name) {
        Object[] services = runtime.locate(component, name);
        return services.length == 0 ? null : (S) services[0];
    }

    @Override
    public <S> S locateService(String name, ServiceReference<S> reference) {
        throw new UnsupportedOperationException("locateService(name, ServiceReference): there are no "
                + "service references without an OSGi framework; use locateService(name)");
    }

    @Override
    public Object[] locateServices(String name) {
        Object[] services = runtime.locate(component, name);
        return services.length == 0 ? null : services;
    }

    @Override
    public BundleContext getBundleContext() {
        throw new UnsupportedOperationException("getBundleContext: there is no OSGi framework in the simulation");
    }

    @Override
    public Bundle getUsingBundle() {
        // Only a service factory component has a using bundle.
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S> ComponentInstance<S> getComponentInstance() {
        return new ComponentInstance<S>() {
            @Override
            public void dispose() {
                throw new UnsupportedOperationException("dispose: only factory component instances can be "
                                                                + "disposed");
            }

            @Override
            public S getInstance() {
                return (S) instance;
            }
        };
    }

    @Override
    public void enableComponent(String name) {
        runtime.enable(name);
    }

    @Override
    public void disableComponent(String name) {
        runtime.disable(name);
    }

    @Override
    public ServiceReference<?> getServiceReference() {
        throw new UnsupportedOperationException("getServiceReference: there are no service references without "
                                                        + "an OSGi framework");
    }
}
