// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.InventoryService;
import org.sixflow.app.api.PipeconfInfo;
import org.sixflow.app.api.SixflowDevice;
import org.sixflow.app.config.SixflowDeviceConfig;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.StreamSupport;

/**
 * Answers what Sixflow runs on from ONOS's device, pipeconf and netcfg services.
 */
@Component(immediate = true, service = InventoryService.class)
public class InventoryManager implements InventoryService {

    /** Prefix of the pipeconfs this project registers. */
    static final String SIXFLOW_PIPECONF_PREFIX = "org.sixflow.";

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigService configService;

    private static final Comparator<PipeconfInfo> SIXFLOW_FIRST = Comparator
            .comparing((PipeconfInfo p) -> !p.id().startsWith(SIXFLOW_PIPECONF_PREFIX))
            .thenComparing(PipeconfInfo::id);

    @Override
    public List<PipeconfInfo> pipeconfs() {
        List<Device> devices = ImmutableList.copyOf(deviceService.getDevices());
        return StreamSupport.stream(pipeconfService.getPipeconfs().spliterator(), false)
                .map(pipeconf -> info(pipeconf, devices))
                .sorted(SIXFLOW_FIRST)
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public Optional<PipeconfInfo> pipeconf(PiPipeconfId id) {
        return pipeconfService.getPipeconf(id)
                .map(pipeconf -> info(pipeconf, ImmutableList.copyOf(deviceService.getDevices())));
    }

    @Override
    public List<SixflowDevice> devices() {
        return StreamSupport.stream(deviceService.getDevices().spliterator(), false)
                .map(this::sixflowDevice)
                .sorted(Comparator.comparing(device -> device.id().toString()))
                .collect(ImmutableList.toImmutableList());
    }

    private PipeconfInfo info(PiPipeconf pipeconf, List<Device> devices) {
        ImmutableSet<DeviceId> bound = devices.stream()
                .map(Device::id)
                .filter(id -> pipeconfService.ofDevice(id).map(pipeconf.id()::equals).orElse(false))
                .collect(ImmutableSet.toImmutableSet());
        return PipeconfInfo.of(pipeconf, bound);
    }

    private SixflowDevice sixflowDevice(Device device) {
        SixflowDeviceConfig config = configService.getConfig(device.id(), SixflowDeviceConfig.class);
        boolean valid = config != null && isValid(config);
        return SixflowDevice.of(device, deviceService.isAvailable(device.id()),
                                pipeconfService.ofDevice(device.id()).orElse(null),
                                valid ? config.deviceRole() : null, valid ? config.locator() : null);
    }

    private static boolean isValid(SixflowDeviceConfig config) {
        try {
            return config.isValid();
        } catch (RuntimeException e) {
            // An invalid netcfg shows as a device without a Sixflow role, not as an error page.
            return false;
        }
    }
}
