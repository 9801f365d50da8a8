// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.experiments;

import org.onosproject.net.DeviceId;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentPreset;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.features.gtpu.api.GtpuTunnelService;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * GTP-U tunnels as experiment classes exercise them: a class names a tunnel by its id, its
 * downlink (gtpu-encap-*, one class per checksum mode) or its uplink (gtpu-decap); the modes are
 * compared per load point, as draft-murakami-dmm-udp-checksum-impact-gtpu's tables do. Offered
 * while the tunnel service runs, with the draft's comparison as a preset.
 */
@Component(immediate = true, service = ExperimentTarget.class)
public class GtpuTunnelTarget implements ExperimentTarget {

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GtpuTunnelService tunnelService;

    /** The target, as OSGi makes it. */
    public GtpuTunnelTarget() {
    }

    /**
     * The target over a given tunnel service.
     *
     * @param tunnelService where tunnels are looked up
     */
    public GtpuTunnelTarget(GtpuTunnelService tunnelService) {
        this.tunnelService = tunnelService;
    }

    @Override
    public Field field() {
        return Field.TUNNEL;
    }

    @Override
    public Set<LatencyClass> latencyClasses() {
        return GtpuClasses.ALL;
    }

    @Override
    public boolean tablesPerLoadPoint() {
        return true;
    }

    @Override
    public List<ExperimentPreset> presets() {
        return GtpuPresets.all();
    }

    @Override
    public void shapeProblems(Experiment e, ExperimentClass c, String at, Map<String, String> problems) {
        GtpuClasses.problems(e, c, at, problems);
    }

    @Override
    public Optional<ProbePacket> plan(ExperimentClass c, DeviceId ingress, String at, Map<String, String> problems) {
        TunnelCheck.check(c, c.packet().orElse(null), ingress, at, tunnelService, problems);
        return c.packet();
    }
}
