// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.rest;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyService;
import org.sixflow.app.features.multihoming.api.StudyRun;
import org.sixflow.app.features.multihoming.api.StudyRunDetail;
import org.sixflow.app.rest.features.DescribedFeature;

import java.util.List;
import java.util.Map;

/**
 * Multihoming study as a feature of the app: offered while the feature's service runs.
 */
@Component(immediate = true, service = SixflowFeature.class)
public class MultihomingFeature extends DescribedFeature {

    /** Held only so that the feature is offered while its service runs, and withdrawn when it stops. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MultihomingStudyService service;

    /** The feature, as OSGi makes it. */
    public MultihomingFeature() {
        super("multihoming", "Multihoming study", List.of(MultihomingStudyWebResource.class),
              Map.of(MultihomingStudy.class, new MultihomingStudyCodec(),
                     StudyRun.class, new StudyRunCodec(),
                     StudyRunDetail.class, new StudyRunDetailCodec()),
              List.of("MultihomingStudy"), "multihoming");
    }
}
