// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.rest;

import com.google.common.collect.ImmutableMap;
import org.onosproject.codec.JsonCodec;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6PolicyService;
import org.sixflow.app.features.apn6.api.Apn6Validation;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * APN6 SLA policies as a feature of the app: registered while the feature's service runs.
 */
@Component(immediate = true, service = SixflowFeature.class)
public class Apn6Feature implements SixflowFeature {

    private static final Map<Class<?>, JsonCodec<?>> CODECS = ImmutableMap.<Class<?>, JsonCodec<?>>builder()
            .put(Apn6Policy.class, new Apn6PolicyCodec())
            .put(Apn6Validation.class, new Apn6ValidationCodec())
            .build();

    /** Held only so that the feature is offered while its service runs, and withdrawn when it stops. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Apn6PolicyService service;

    @Override
    public String name() {
        return "apn6";
    }

    @Override
    public String title() {
        return "APN6 SLA policies";
    }

    @Override
    public List<Class<?>> resources() {
        return List.of(Apn6PolicyWebResource.class);
    }

    @Override
    public Map<Class<?>, JsonCodec<?>> codecs() {
        return CODECS;
    }

    @Override
    public List<String> schemas() {
        return List.of("Apn6Policy");
    }

    @Override
    public Optional<String> dashboardPage() {
        return Optional.of("policies");
    }
}
