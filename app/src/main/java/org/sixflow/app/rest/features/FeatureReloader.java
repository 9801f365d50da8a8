// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.features;

import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.spi.Container;
import org.glassfish.jersey.server.spi.ContainerLifecycleListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Reloads the REST container when the features' resources differ from those it started with:
 * Jersey reads an application's classes once, when its servlet starts, and features come and go
 * after that (OSGi starts the servlet and the features' components in no fixed order). Changes
 * that come together (every feature at start) are reloaded once, after they settle.
 */
public class FeatureReloader implements ContainerLifecycleListener {

    /** How long a change waits for more before the container reloads. */
    static final long SETTLE_MS = 250;

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final FeatureCatalog catalog;
    private final Supplier<ResourceConfig> application;
    private final AtomicBoolean pending = new AtomicBoolean();
    private final Runnable onChange = this::changed;
    private volatile Container container;
    private volatile Set<Class<?>> served;
    private ScheduledExecutorService timer;

    /**
     * A reloader of the shared catalog, reloading into the application built by the supplier.
     *
     * @param application builds the application's configuration afresh
     */
    public FeatureReloader(Supplier<ResourceConfig> application) {
        this(FeatureCatalog.shared(), application);
    }

    FeatureReloader(FeatureCatalog catalog, Supplier<ResourceConfig> application) {
        this.catalog = catalog;
        this.application = application;
    }

    /**
     * Records the resources the application was built with (the application calls it from getClasses).
     *
     * @param resources the feature resources it serves
     */
    public void serving(Set<Class<?>> resources) {
        served = Set.copyOf(resources);
    }

    @Override
    public synchronized void onStartup(Container started) {
        container = started;
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "sixflow-rest-reload");
            t.setDaemon(true);
            return t;
        });
        catalog.listen(onChange);
        changed();  // a feature that came between getClasses and now
    }

    @Override
    public void onReload(Container reloaded) {
        // The new application's own reloader takes over (onStartup follows).
    }

    @Override
    public synchronized void onShutdown(Container stopped) {
        catalog.unlisten(onChange);
        container = null;   // a reload still scheduled finds no container and does nothing
        if (timer != null) {
            // Not shutdownNow: the reload that shuts this container down runs on this very timer.
            timer.shutdown();
        }
    }

    private synchronized void changed() {
        if (timer != null && !timer.isShutdown() && pending.compareAndSet(false, true)) {
            timer.schedule(this::reloadIfChanged, SETTLE_MS, TimeUnit.MILLISECONDS);
        }
    }

    private void reloadIfChanged() {
        pending.set(false);
        Container current = container;
        Set<Class<?>> now = catalog.resources();
        if (current == null || now.equals(served)) {
            return;
        }
        ResourceConfig next = application.get();
        // What was registered beside the application (an environment, in the demo) stays.
        current.getConfiguration().getInstances().stream().filter(i -> !(i instanceof FeatureReloader))
                .forEach(next::register);
        log.info("REST API reloaded: feature resources {} -> {}", served.size(), now.size());
        current.reload(next);
    }
}
