// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.rest;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.bng.api.BngLine;
import org.sixflow.app.features.bng.api.BngService;
import org.sixflow.app.features.bng.api.BngSession;
import org.sixflow.app.rest.features.DescribedFeature;

import java.util.List;
import java.util.Map;

/**
 * PPPoE subscribers as a feature of the app: offered while the feature's service runs.
 */
@Component(immediate = true, service = SixflowFeature.class)
public class BngFeature extends DescribedFeature {

    /** Held only so that the feature is offered while its service runs, and withdrawn when it stops. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected BngService service;

    /** The feature, as OSGi makes it. */
    public BngFeature() {
        super("bng", "PPPoE subscribers", List.of(BngWebResource.class),
              Map.of(BngSession.class, new BngSessionCodec(),
                     BngLine.class, new BngLineCodec()),
              List.of("BngConfig"), "bng");
    }
}
