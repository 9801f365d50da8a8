// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.rest;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpSiteService;
import org.sixflow.app.rest.features.DescribedFeature;

import java.util.List;
import java.util.Map;

/**
 * ILNP sites as a feature of the app: offered while the feature's service runs.
 */
@Component(immediate = true, service = SixflowFeature.class)
public class IlnpFeature extends DescribedFeature {

    /** Held only so that the feature is offered while its service runs, and withdrawn when it stops. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected IlnpSiteService service;

    /** The feature, as OSGi makes it. */
    public IlnpFeature() {
        super("ilnp", "ILNP sites", List.of(IlnpSiteWebResource.class),
              Map.of(IlnpSite.class, new IlnpSiteCodec()),
              List.of("IlnpSite", "IlnpWeights"), "multihoming");
    }
}
