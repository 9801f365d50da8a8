// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.pipeconf.EgressMsidLimits;

import java.util.Optional;

/**
 * How many M-SIDs a device's egress removes, as the trees are planned: its pipeconf's limit
 * (EgressMsidLimits), lowered by its netcfg's {@code egressMsids} where that is set.
 */
final class DeviceEgressLimits {

    private DeviceEgressLimits() {
    }

    /**
     * Returns the limit of a device.
     *
     * @param device        the device
     * @param pipeconfs     ONOS's pipeconf bindings
     * @param configService ONOS's netcfg
     * @return the limit; empty for a device whose pipeconf is not Sixflow's
     */
    static Optional<Integer> of(DeviceId device, PiPipeconfService pipeconfs, NetworkConfigService configService) {
        Optional<Integer> configured = SixflowDeviceConfig.validOf(configService, device)
                .flatMap(SixflowDeviceConfig::egressMsids);
        return pipeconfs.ofDevice(device).flatMap(EgressMsidLimits::of)
                .map(limit -> configured.map(lower -> Math.min(limit, lower)).orElse(limit));
    }
}
