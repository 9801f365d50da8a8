// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.IpAddress;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.host.HostService;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the {@link GtpuNetwork} from ONOS's services: a device is Sixflow's when it runs a
 * Sixflow pipeconf (SixflowPipeconfs.ALL) and has a valid sixflow netcfg; its target computes a
 * full UDP checksum unless its pipeconf is the Tofino one.
 */
final class GtpuNetworkReader {

    private GtpuNetworkReader() {
    }

    static GtpuNetwork read(DeviceService devices, NetworkConfigService configs, PiPipeconfService pipeconfs,
                            HostService hosts) {
        Set<DeviceId> known = new HashSet<>();
        Map<DeviceId, GtpuNetwork.Router> routers = new HashMap<>();
        for (Device device : devices.getDevices()) {
            known.add(device.id());
            Optional<PiPipeconfId> pipeconf = pipeconfs.ofDevice(device.id()).filter(SixflowPipeconfs.ALL::contains);
            Optional<SixflowDeviceConfig> config = SixflowDeviceConfig.validOf(configs, device.id());
            if (pipeconf.isPresent() && config.isPresent()) {
                routers.put(device.id(), new GtpuNetwork.Router(
                        device.id(), pipeconf.get(), SixflowPipeconfs.targetOf(pipeconf.get()).orElseThrow() != PipeconfTarget.TOFINO,
                        config.get().locator().getIp6Prefix(),
                        Set.of(config.get().endRlFunction(), config.get().endRlbXFunction())));
            }
        }
        Map<Ip6Address, HostId> addresses = new HashMap<>();
        for (Host host : hosts.getHosts()) {
            for (IpAddress ip : host.ipAddresses()) {
                if (ip.isIp6()) {
                    addresses.put(ip.getIp6Address(), host.id());
                }
            }
        }
        return new GtpuNetwork(known, routers, addresses);
    }
}
