// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.rest;

import com.google.common.collect.ImmutableMap;
import org.onosproject.codec.JsonCodec;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelCounters;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * GTP-U tunnels as a feature of the app: registered while the feature's service runs.
 */
@Component(immediate = true, service = SixflowFeature.class)
public class GtpuFeature implements SixflowFeature {

    private static final Map<Class<?>, JsonCodec<?>> CODECS = ImmutableMap.<Class<?>, JsonCodec<?>>builder()
            .put(GtpuTunnel.class, new GtpuTunnelCodec())
            .put(GtpuTunnelCounters.class, new GtpuTunnelCountersCodec())
            .build();

    /** Held only so that the feature is offered while its service runs, and withdrawn when it stops. */
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GtpuTunnelService service;

    @Override
    public String name() {
        return "gtpu";
    }

    @Override
    public String title() {
        return "GTP-U tunnels";
    }

    @Override
    public List<Class<?>> resources() {
        return List.of(GtpuTunnelWebResource.class);
    }

    @Override
    public Map<Class<?>, JsonCodec<?>> codecs() {
        return CODECS;
    }

    @Override
    public List<String> schemas() {
        return List.of("GtpuTunnel");
    }

    @Override
    public Optional<String> dashboardPage() {
        return Optional.of("tunnels");
    }
}
