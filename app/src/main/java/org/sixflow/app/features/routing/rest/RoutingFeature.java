// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.rest;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.features.routing.api.RoutingService;
import org.sixflow.app.rest.features.DescribedFeature;

import java.util.List;
import java.util.Map;

/**
 * IPv6 routing as a feature of the app: offered while the feature's service runs.
 */
@Component(immediate = true, service = SixflowFeature.class)
public class RoutingFeature extends DescribedFeature {

    /** Held only so that the feature is offered while its service runs, and withdrawn when it stops. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected RoutingService service;

    /** The feature, as OSGi makes it. */
    public RoutingFeature() {
        super("routing", "IPv6 routing", List.of(RouteWebResource.class),
              Map.of(Ipv6Route.class, new Ipv6RouteCodec()),
              List.of("Route"), null);
    }
}
