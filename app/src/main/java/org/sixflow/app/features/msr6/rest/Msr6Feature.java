// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.rest;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.Msr6TreeService;
import org.sixflow.app.rest.features.DescribedFeature;

import java.util.List;
import java.util.Map;

/**
 * MSR6 multicast trees as a feature of the app: offered while the feature's service runs.
 */
@Component(immediate = true, service = SixflowFeature.class)
public class Msr6Feature extends DescribedFeature {

    /** Held only so that the feature is offered while its service runs, and withdrawn when it stops. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected Msr6TreeService service;

    /** The feature, as OSGi makes it. */
    public Msr6Feature() {
        super("msr6", "MSR6 multicast trees", List.of(Msr6TreeWebResource.class),
              Map.of(Msr6TreeRequest.class, new Msr6TreeRequestCodec(),
                     Msr6Tree.class, new Msr6TreeCodec()),
              List.of("Msr6TreeReceivers", "Msr6TreeRequest"), "trees");
    }
}
