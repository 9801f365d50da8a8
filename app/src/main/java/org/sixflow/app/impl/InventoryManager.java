// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import com.google.common.collect.Iterables;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
        Map<DeviceId, PiPipeconfId> bindings = bindings();
        return StreamSupport.stream(pipeconfService.getPipeconfs().spliterator(), false)
                .map(pipeconf -> info(pipeconf, bindings))
                .sorted(SIXFLOW_FIRST)
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public Optional<PipeconfInfo> pipeconf(PiPipeconfId id) {
        return pipeconfService.getPipeconf(id).map(pipeconf -> info(pipeconf, bindings()));
    }

    @Override
    public int pipeconfCount() {
        return Iterables.size(pipeconfService.getPipeconfs());
    }

    @Override
    public int deviceCount() {
        return deviceService.getDeviceCount();
    }

    @Override
    public List<SixflowDevice> devices() {
        return StreamSupport.stream(deviceService.getDevices().spliterator(), false)
                .map(this::sixflowDevice)
                .sorted(Comparator.comparing(device -> device.id().toString()))
                .collect(ImmutableList.toImmutableList());
    }

    /**
     * Each device's pipeconf, asked once per device: in ONOS the binding is a consistent map,
     * each read of it a consensus read (about 0.3 ms), so asking it per pipeconf and device made
     * a listing of 13 pipeconfs on 3 devices take 20 ms, and grow with both.
     */
    private Map<DeviceId, PiPipeconfId> bindings() {
        Map<DeviceId, PiPipeconfId> bindings = new HashMap<>();
        for (Device device : deviceService.getDevices()) {
            pipeconfService.ofDevice(device.id()).ifPresent(id -> bindings.put(device.id(), id));
        }
        return bindings;
    }

    private static PipeconfInfo info(PiPipeconf pipeconf, Map<DeviceId, PiPipeconfId> bindings) {
        ImmutableSet<DeviceId> bound = bindings.entrySet().stream()
                .filter(binding -> binding.getValue().equals(pipeconf.id()))
                .map(Map.Entry::getKey)
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
