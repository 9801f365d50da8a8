// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.features;

import org.sixflow.app.api.SixflowFeature;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The features running now, by name. Jersey builds the REST application by reflection, outside
 * OSGi's reach, so the application reads the features from here; {@link FeatureRegistrar} keeps
 * it up to date from the OSGi whiteboard and tells listeners (the REST container, which reloads).
 */
public final class FeatureCatalog {

    private static final FeatureCatalog SHARED = new FeatureCatalog();

    private final Map<String, SixflowFeature> features = new TreeMap<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private long version;

    FeatureCatalog() {
        // one shared instance in the app; tests make their own
    }

    /**
     * Returns the catalog the app's REST application reads.
     *
     * @return the shared catalog
     */
    public static FeatureCatalog shared() {
        return SHARED;
    }

    /**
     * Adds a feature, or replaces the one of its name.
     *
     * @param feature the feature
     */
    public void add(SixflowFeature feature) {
        synchronized (features) {
            features.put(feature.name(), feature);
            version++;
        }
        listeners.forEach(Runnable::run);
    }

    /**
     * Removes a feature, if it is the one held under its name.
     *
     * @param feature the feature
     */
    public void remove(SixflowFeature feature) {
        synchronized (features) {
            if (!features.remove(feature.name(), feature)) {
                return;
            }
            version++;
        }
        listeners.forEach(Runnable::run);
    }

    /**
     * Returns the features, by name.
     *
     * @return a copy
     */
    public List<SixflowFeature> features() {
        synchronized (features) {
            return new ArrayList<>(features.values());
        }
    }

    /**
     * Returns every feature's REST resource classes.
     *
     * @return resource classes, in feature order
     */
    public Set<Class<?>> resources() {
        Set<Class<?>> resources = new LinkedHashSet<>();
        features().forEach(f -> resources.addAll(f.resources()));
        return resources;
    }

    /**
     * Returns a number that changes whenever a feature comes or goes.
     *
     * @return the version
     */
    public long version() {
        synchronized (features) {
            return version;
        }
    }

    /**
     * Calls a listener after every change, on the thread that made it.
     *
     * @param listener what to run
     */
    public void listen(Runnable listener) {
        listeners.add(listener);
    }

    /**
     * Stops calling a listener.
     *
     * @param listener a listener given to {@link #listen}
     */
    public void unlisten(Runnable listener) {
        listeners.remove(listener);
    }
}
