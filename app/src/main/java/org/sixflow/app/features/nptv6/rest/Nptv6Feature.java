// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.rest;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingService;
import org.sixflow.app.rest.features.DescribedFeature;

import java.util.List;
import java.util.Map;

/**
 * NPTv6 prefix translation as a feature of the app: offered while the feature's service runs.
 */
@Component(immediate = true, service = SixflowFeature.class)
public class Nptv6Feature extends DescribedFeature {

    /** Held only so that the feature is offered while its service runs, and withdrawn when it stops. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Nptv6MappingService service;

    /** The feature, as OSGi makes it. */
    public Nptv6Feature() {
        super("nptv6", "NPTv6 prefix translation", List.of(Nptv6MappingWebResource.class),
              Map.of(NamedNptv6Mapping.class, new Nptv6MappingCodec()),
              List.of("Nptv6Mapping"), "nptv6");
    }
}
