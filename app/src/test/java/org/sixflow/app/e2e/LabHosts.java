// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.host.HostServiceAdapter;
import org.onosproject.net.provider.ProviderId;

import java.io.File;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;

/**
 * ONOS's host service as the lab's netcfg (docker/netcfg.json "hosts") describes it: each host at
 * its first location, so trees can name hosts as source or receivers.
 */
final class LabHosts extends HostServiceAdapter {

    private final Map<HostId, Host> hosts;

    LabHosts(File netcfg) throws IOException {
        ImmutableMap.Builder<HostId, Host> all = ImmutableMap.builder();
        ProviderId provider = new ProviderId("netcfg", "org.sixflow.e2e");
        Iterator<Map.Entry<String, JsonNode>> it = new ObjectMapper().readTree(netcfg).path("hosts").fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> entry = it.next();
            HostId id = HostId.hostId(entry.getKey());
            JsonNode basic = entry.getValue().path("basic");
            ConnectPoint at = ConnectPoint.deviceConnectPoint(basic.path("locations").get(0).asText());
            ImmutableSet.Builder<IpAddress> ips = ImmutableSet.builder();
            basic.path("ips").forEach(ip -> ips.add(IpAddress.valueOf(ip.asText())));
            all.put(id, new DefaultHost(provider, id, MacAddress.valueOf(id.mac().toString()), VlanId.NONE,
                                        new HostLocation(at, 0), ips.build()));
        }
        hosts = all.build();
    }

    @Override
    public Host getHost(HostId hostId) {
        return hosts.get(hostId);
    }

    @Override
    public Iterable<Host> getHosts() {
        return hosts.values();
    }

    @Override
    public int getHostCount() {
        return hosts.size();
    }
}
