// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.pi.model.PiPipeconf;
import org.sixflow.app.api.HostTrafficGenerator;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.experiments.ExperimentTargets;
import org.sixflow.app.telemetry.report.DeviceReportParsers;
import org.sixflow.app.telemetry.report.TelemetryReportParser;
import org.sixflow.pipeconf.TimestampUnits;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_TELEMETRY_SAMPLING;

/**
 * The network as the experiment manager's ONOS services show it.
 */
final class ServiceNetwork implements ProbePlan.Network {

    private final ExperimentManager manager;
    private final DeviceReportParsers parsers;

    ServiceNetwork(ExperimentManager manager) {
        this.manager = manager;
        this.parsers = new DeviceReportParsers(id -> manager.pipeconfService.getPipeconf(id)
                .flatMap(p -> TimestampUnits.nanosPerTick(p.id())));
    }

    /** The report parsers by device, forgotten at a device's events (the manager listens for them). */
    DeviceReportParsers parsers() {
        return parsers;
    }

    @Override
    public boolean hasDevice(DeviceId device) {
        return manager.deviceService.getDevice(device) != null;
    }

    @Override
    public boolean reports(DeviceId device) {
        Optional<PiPipeconf> pipeconf = manager.pipeconfService.getPipeconf(device);
        return pipeconf.isPresent() && TimestampUnits.nanosPerTick(pipeconf.get().id()).isPresent()
                && pipeconf.get().pipelineModel().table(SIXFLOW_EGRESS_TELEMETRY_SAMPLING).isPresent();
    }

    /**
     * Returns the available devices with Sixflow's reports.
     *
     * @return their ids
     */
    List<DeviceId> reportingDevices() {
        List<DeviceId> devices = new ArrayList<>();
        for (Device d : manager.deviceService.getAvailableDevices()) {
            if (reports(d.id())) {
                devices.add(d.id());
            }
        }
        return devices;
    }

    @Override
    public Optional<ConnectPoint> linkInto(ConnectPoint port) {
        return manager.linkService.getIngressLinks(port).stream().map(Link::src).findFirst();
    }

    @Override
    public Optional<MacAddress> routerMac(DeviceId device) {
        SixflowDeviceConfig config = manager.netcfgService.getConfig(device, SixflowDeviceConfig.class);
        return config == null ? Optional.empty() : Optional.ofNullable(config.myStationMac());
    }

    @Override
    public boolean generatorServes(ConnectPoint port) {
        HostTrafficGenerator generator = manager.hostTrafficGenerator;
        return generator != null && generator.serves(port);
    }

    @Override
    public ExperimentTargets targets() {
        return manager.targets();
    }

    /**
     * Returns the report parser of a device's target (its timestamp unit).
     *
     * @param device the device
     * @return the parser; empty for a device without Sixflow reports
     */
    Optional<TelemetryReportParser> reportParser(DeviceId device) {
        return parsers.of(device);
    }

    /**
     * Tells whether a device holds the telemetry sampling entries a reportSampling value asks for
     * ({@link SamplingCheck}).
     *
     * @param device   the device
     * @param sampling the property value
     * @return true when every entry it asks for is on the device
     */
    boolean samplingInPlace(DeviceId device, String sampling) {
        return SamplingCheck.inPlace(device, sampling, manager.reportSamplingService.confirmedSampling(device),
                                     manager.flowRuleService.getFlowEntries(device), manager.appId());
    }
}
