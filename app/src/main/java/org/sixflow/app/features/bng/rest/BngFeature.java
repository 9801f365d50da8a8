// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.rest;

import com.google.common.collect.ImmutableMap;
import org.onosproject.codec.JsonCodec;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.bng.api.BngLine;
import org.sixflow.app.features.bng.api.BngService;
import org.sixflow.app.features.bng.api.BngSession;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * PPPoE subscribers as a feature of the app: registered while the feature's service runs.
 */
@Component(immediate = true, service = SixflowFeature.class)
public class BngFeature implements SixflowFeature {

    private static final Map<Class<?>, JsonCodec<?>> CODECS = ImmutableMap.<Class<?>, JsonCodec<?>>builder()
            .put(BngSession.class, new BngSessionCodec())
            .put(BngLine.class, new BngLineCodec())
            .build();

    /** Held only so that the feature is offered while its service runs, and withdrawn when it stops. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected BngService service;

    @Override
    public String name() {
        return "bng";
    }

    @Override
    public String title() {
        return "PPPoE subscribers";
    }

    @Override
    public List<Class<?>> resources() {
        return List.of(BngWebResource.class);
    }

    @Override
    public Map<Class<?>, JsonCodec<?>> codecs() {
        return CODECS;
    }

    @Override
    public List<String> schemas() {
        return List.of("BngConfig");
    }

    @Override
    public Optional<String> dashboardPage() {
        return Optional.of("bng");
    }
}
