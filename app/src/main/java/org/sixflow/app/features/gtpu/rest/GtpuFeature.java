// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.rest;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.gtpu.api.GtpuPath;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelCounters;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;
import org.sixflow.app.rest.features.DescribedFeature;

import java.util.List;
import java.util.Map;

/**
 * GTP-U tunnels as a feature of the app: offered while the feature's service runs.
 */
@Component(immediate = true, service = SixflowFeature.class)
public class GtpuFeature extends DescribedFeature {

    /** Held only so that the feature is offered while its service runs, and withdrawn when it stops. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GtpuTunnelService service;

    /** The feature, as OSGi makes it. */
    public GtpuFeature() {
        super("gtpu", "GTP-U tunnels", List.of(GtpuTunnelWebResource.class, GtpuPathWebResource.class),
              Map.of(GtpuTunnel.class, new GtpuTunnelCodec(),
                     GtpuTunnelCounters.class, new GtpuTunnelCountersCodec(),
                     GtpuPath.class, new GtpuPathCodec()),
              List.of("GtpuTunnel"), "tunnels");
    }
}
