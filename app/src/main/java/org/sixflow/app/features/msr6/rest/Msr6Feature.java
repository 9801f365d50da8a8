// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.rest;

import com.google.common.collect.ImmutableMap;
import org.onosproject.codec.JsonCodec;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.Msr6TreeService;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * MSR6 multicast trees as a feature of the app: registered while the feature's service runs.
 */
@Component(immediate = true, service = SixflowFeature.class)
public class Msr6Feature implements SixflowFeature {

    private static final Map<Class<?>, JsonCodec<?>> CODECS = ImmutableMap.<Class<?>, JsonCodec<?>>builder()
            .put(Msr6TreeRequest.class, new Msr6TreeRequestCodec())
            .put(Msr6Tree.class, new Msr6TreeCodec())
            .build();

    /** Held only so that the feature is offered while its service runs, and withdrawn when it stops. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Msr6TreeService service;

    @Override
    public String name() {
        return "msr6";
    }

    @Override
    public String title() {
        return "MSR6 multicast trees";
    }

    @Override
    public List<Class<?>> resources() {
        return List.of(Msr6TreeWebResource.class);
    }

    @Override
    public Map<Class<?>, JsonCodec<?>> codecs() {
        return CODECS;
    }

    @Override
    public List<String> schemas() {
        return List.of("Msr6TreeReceivers", "Msr6TreeRequest");
    }

    @Override
    public Optional<String> dashboardPage() {
        return Optional.of("trees");
    }
}
