// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.rest;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6PolicyService;
import org.sixflow.app.features.apn6.api.Apn6Validation;
import org.sixflow.app.rest.features.DescribedFeature;

import java.util.List;
import java.util.Map;

/**
 * APN6 SLA policies as a feature of the app: offered while the feature's service runs.
 */
@Component(immediate = true, service = SixflowFeature.class)
public class Apn6Feature extends DescribedFeature {

    /** Held only so that the feature is offered while its service runs, and withdrawn when it stops. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Apn6PolicyService service;

    /** The feature, as OSGi makes it. */
    public Apn6Feature() {
        super("apn6", "APN6 SLA policies", List.of(Apn6PolicyWebResource.class),
              Map.of(Apn6Policy.class, new Apn6PolicyCodec(),
                     Apn6Validation.class, new Apn6ValidationCodec()),
              List.of("Apn6Policy"), "policies");
    }
}
