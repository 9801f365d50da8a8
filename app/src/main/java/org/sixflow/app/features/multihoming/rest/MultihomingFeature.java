// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.rest;

import com.google.common.collect.ImmutableMap;
import org.onosproject.codec.JsonCodec;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyService;
import org.sixflow.app.features.multihoming.api.StudyRun;
import org.sixflow.app.features.multihoming.api.StudyRunDetail;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Multihoming study as a feature of the app: registered while the feature's service runs.
 */
@Component(immediate = true, service = SixflowFeature.class)
public class MultihomingFeature implements SixflowFeature {

    private static final Map<Class<?>, JsonCodec<?>> CODECS = ImmutableMap.<Class<?>, JsonCodec<?>>builder()
            .put(MultihomingStudy.class, new MultihomingStudyCodec())
            .put(StudyRun.class, new StudyRunCodec())
            .put(StudyRunDetail.class, new StudyRunDetailCodec())
            .build();

    /** Held only so that the feature is offered while its service runs, and withdrawn when it stops. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MultihomingStudyService service;

    @Override
    public String name() {
        return "multihoming";
    }

    @Override
    public String title() {
        return "Multihoming study";
    }

    @Override
    public List<Class<?>> resources() {
        return List.of(MultihomingStudyWebResource.class);
    }

    @Override
    public Map<Class<?>, JsonCodec<?>> codecs() {
        return CODECS;
    }

    @Override
    public List<String> schemas() {
        return List.of("MultihomingStudy");
    }

    @Override
    public Optional<String> dashboardPage() {
        return Optional.of("multihoming");
    }
}
