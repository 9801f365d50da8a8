// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.features;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.onosproject.codec.JsonCodec;
import org.sixflow.app.api.SixflowFeature;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A feature described by values: what each slice's registering component
 * ({@code features/<f>/rest/<F>Feature}) passes on, so that component holds only its own facts.
 */
public abstract class DescribedFeature implements SixflowFeature {

    private final String name;
    private final String title;
    private final List<Class<?>> resources;
    private final Map<Class<?>, JsonCodec<?>> codecs;
    private final List<String> schemas;
    private final Optional<String> dashboardPage;

    /**
     * Describes a feature.
     *
     * @param name          its folder's name, e.g. "gtpu"
     * @param title         what users read, e.g. "GTP-U tunnels"
     * @param resources     its JAX-RS resources
     * @param codecs        its codecs by the class each encodes
     * @param schemas       its schemas in definitions/
     * @param dashboardPage its dashboard page's path, or null for none
     */
    protected DescribedFeature(String name, String title, List<Class<?>> resources,
                               Map<Class<?>, JsonCodec<?>> codecs, List<String> schemas, String dashboardPage) {
        this.name = name;
        this.title = title;
        this.resources = ImmutableList.copyOf(resources);
        this.codecs = ImmutableMap.copyOf(codecs);
        this.schemas = ImmutableList.copyOf(schemas);
        this.dashboardPage = Optional.ofNullable(dashboardPage);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public List<Class<?>> resources() {
        return resources;
    }

    @Override
    public Map<Class<?>, JsonCodec<?>> codecs() {
        return codecs;
    }

    @Override
    public List<String> schemas() {
        return schemas;
    }

    @Override
    public Optional<String> dashboardPage() {
        return dashboardPage;
    }

    @Override
    public String toString() {
        return "feature " + name;
    }
}
