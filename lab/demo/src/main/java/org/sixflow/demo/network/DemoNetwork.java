// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.network;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.device.DeviceSpec;
import org.sixflow.sim.net.device.PortSpec;
import org.sixflow.sim.net.host.HostSpec;
import org.sixflow.sim.net.link.LinkSpec;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a lab topology into the simulated network as the bmv2 lab brings it to ONOS: each
 * switch a device with the ports its netcfg lists (the lab's netcfg names them, as simple_switch
 * reports none), the topology's links (ONOS finds them by LLDP in the lab), its hosts where they
 * are attached (ONOS learns them from their packets there), and the netcfg itself, which the lab
 * posts to ONOS. Each device is bound to the pipeconf its netcfg names, as ONOS's device provider
 * binds it when the switch connects.
 */
public final class DemoNetwork {

    private DemoNetwork() {
    }

    /**
     * Adds a topology and its netcfg.
     *
     * @param network  the simulated network
     * @param topology the topology
     * @param netcfg   the netcfg the lab generates for it (labnet.py netcfg)
     * @return each device's pipeconf, by the netcfg's basic.pipeconf
     * @throws IllegalArgumentException when the netcfg lacks a switch of the topology or its ports
     */
    public static Map<DeviceId, PiPipeconfId> add(SimNetwork network, LabTopology topology, ObjectNode netcfg) {
        // The lab posts its netcfg before the switches connect; a switch connects with its pipeconf bound.
        network.networkConfigService().applyJson(netcfg);
        Map<DeviceId, PiPipeconfId> pipeconfs = new LinkedHashMap<>();
        for (LabTopology.Switch sw : topology.switches()) {
            JsonNode device = netcfg.path("devices").path(sw.deviceId().toString());
            if (device.isMissingNode()) {
                throw new IllegalArgumentException(topology.name() + "'s netcfg has no " + sw.deviceId());
            }
            DeviceSpec.Builder spec = DeviceSpec.builder(sw.deviceId()).name(sw.name())
                    .location(sw.latitude(), sw.longitude());
            Iterator<JsonNode> ports = device.path("ports").elements();
            if (!ports.hasNext()) {
                throw new IllegalArgumentException(topology.name() + "'s netcfg lists no port of " + sw.deviceId());
            }
            while (ports.hasNext()) {
                JsonNode port = ports.next();
                spec.port(PortSpec.of(port.path("number").asLong(), String.valueOf(port.path("number").asLong()),
                                      port.path("speed").asLong(PortSpec.DEFAULT_SPEED_MBPS)));
            }
            String pipeconf = device.path("basic").path("pipeconf").asText("");
            if (!pipeconf.isEmpty()) {
                pipeconfs.put(sw.deviceId(), new PiPipeconfId(pipeconf));
                network.pipeconfService().bindToDevice(new PiPipeconfId(pipeconf), sw.deviceId());
            }
            network.addDevice(spec.build());
        }
        for (List<ConnectPoint> ends : topology.links()) {
            network.addLink(LinkSpec.between(ends.get(0), ends.get(1)).build());
        }
        for (LabTopology.Host host : topology.hosts()) {
            HostSpec.Builder spec = HostSpec.builder(host.mac()).name(host.name()).location(host.location());
            host.addresses().forEach(spec::ip);
            network.addHost(spec.build());
        }
        return pipeconfs;
    }
}
