// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.rest;

import com.google.common.collect.ImmutableMap;
import org.onosproject.codec.JsonCodec;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * NPTv6 prefix translation as a feature of the app: registered while the feature's service runs.
 */
@Component(immediate = true, service = SixflowFeature.class)
public class Nptv6Feature implements SixflowFeature {

    private static final Map<Class<?>, JsonCodec<?>> CODECS = ImmutableMap.<Class<?>, JsonCodec<?>>builder()
            .put(NamedNptv6Mapping.class, new Nptv6MappingCodec())
            .build();

    /** Held only so that the feature is offered while its service runs, and withdrawn when it stops. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Nptv6MappingService service;

    @Override
    public String name() {
        return "nptv6";
    }

    @Override
    public String title() {
        return "NPTv6 prefix translation";
    }

    @Override
    public List<Class<?>> resources() {
        return List.of(Nptv6MappingWebResource.class);
    }

    @Override
    public Map<Class<?>, JsonCodec<?>> codecs() {
        return CODECS;
    }

    @Override
    public List<String> schemas() {
        return List.of("Nptv6Mapping");
    }

    @Override
    public Optional<String> dashboardPage() {
        return Optional.of("nptv6");
    }
}
