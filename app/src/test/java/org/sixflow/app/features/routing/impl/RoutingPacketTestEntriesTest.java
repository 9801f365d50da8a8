// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.onosproject.net.DefaultPort;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.io.File;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.Assert.assertFalse;
import static org.sixflow.app.impl.PacketTestEntries.checkOrWrite;
import static org.sixflow.app.impl.PacketTestEntries.entries;
import static org.sixflow.app.impl.PacketTestEntries.fixture;
import static org.sixflow.app.impl.PacketTestEntries.groups;

/**
 * The routing packet tests fed by the controller (pipeconf/ptf/tests/test_routing_compiled.py)
 * install exactly what RoutingManager writes to one router: the lab's Beijing (docker/netcfg.json:
 * its host-facing interface on port 3, links to Wuhan on port 1 and Nanjing on port 2), with a
 * second host-facing interface added on port 4, so it has two host-facing interfaces, and a link
 * wuhan/4-shanghai/4 added, so that Beijing reaches Shanghai's fd00:1:4::/64 over two equal-cost
 * paths (via Wuhan and via Nanjing): an ECMP group where the profile has ECMP, with its ecmp entry
 * and the group itself (an action profile group) exported too. Every entry
 * routing writes there (routing_v6 next hops and the router's own /128 punts, my_station,
 * host_port where the profile has it, port_mtu) is exported for each bmv2 profile of
 * pipeconf/profiles.json (routing writes what the device's pipeconf takes), with the routes
 * RoutingManager holds, so that the packet tests expect what each route says rather than what
 * its entry says. The committed routing_entries.json must be this test's output. Regenerate it
 * with {@code -Drouting.writeEntries=true}.
 */
public class RoutingPacketTestEntriesTest {

    static final DeviceId ROUTER = DeviceId.deviceId("device:beijing");

    private static List<String> bmv2Profiles() throws Exception {
        JsonNode profiles = new ObjectMapper().readTree(new File(fixture("").getParentFile().getParentFile(),
                                                                  "profiles.json")).path("profiles");
        List<String> names = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> it = profiles.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> profile = it.next();
            for (JsonNode target : profile.getValue().path("targets")) {
                if (target.asText().equals("bmv2")) {
                    names.add(profile.getKey());
                }
            }
        }
        return names;
    }

    private static Map<String, Object> compiled(String profile) {
        RoutingManagerFixture fixture = new RoutingManagerFixture();
        fixture.pipeconfs.bindToDevice(SixflowPipeconfs.id(profile, PipeconfTarget.BMV2), ROUTER);
        // Its four ports, so that routing writes their MTU (netcfg "mtu": 1500) too.
        Device device = fixture.lab.devices.getDevice(ROUTER);
        fixture.lab.devices.setPorts(ROUTER, List.of(new DefaultPort(device, PortNumber.portNumber(1), true),
                                                     new DefaultPort(device, PortNumber.portNumber(2), true),
                                                     new DefaultPort(device, PortNumber.portNumber(3), true),
                                                     new DefaultPort(device, PortNumber.portNumber(4), true)));
        // Both are events routing recomputes on, with the profile bound.
        fixture.interfaces.add("beijing-4", "device:beijing/4", "fd00:1:9::1/64");
        fixture.hosts.add("00:00:00:00:09:07", "device:beijing/4", "fd00:1:9::7");
        fixture.lab.connect("device:wuhan/4", "device:shanghai/4");
        List<FlowRule> rules = new ArrayList<>();
        for (FlowEntry entry : fixture.flows.getFlowEntries(ROUTER)) {
            rules.add(entry);
        }
        assertFalse("routing wrote nothing to " + ROUTER + " (" + profile + ")", rules.isEmpty());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("routes", fixture.manager.routes(ROUTER).stream().map(r -> {
            Map<String, Object> route = new LinkedHashMap<>();
            route.put("prefix", r.prefix().toString());
            route.put("kind", r.kind().toString());
            route.put("port", r.port().toLong());
            route.put("source_mac", r.sourceMac().toString().toLowerCase());
            route.put("next_hop_mac", r.nextHopMac().toString().toLowerCase());
            if (r.nextHops().size() > 1) {
                route.put("next_hops", r.nextHops().stream().map(hop -> {
                    Map<String, Object> next = new LinkedHashMap<>();
                    next.put("port", hop.port().toLong());
                    next.put("next_hop_mac", hop.mac().toString().toLowerCase());
                    return next;
                }).collect(Collectors.toList()));
            }
            return route;
        }).collect(Collectors.toList()));
        out.put("entries", entries(rules));
        out.put("groups", groups(fixture.groups.onDevice(ROUTER)));
        return out;
    }

    @Test
    public void committedEntriesAreTheCompilers() throws Exception {
        Map<String, Object> profiles = new LinkedHashMap<>();
        for (String profile : bmv2Profiles()) {
            profiles.put(profile, compiled(profile));
        }
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("_comment", "Generated by app RoutingPacketTestEntriesTest (-Drouting.writeEntries=true): what the"
                + " app's RoutingManager writes to the lab's Beijing with a second host-facing interface on port 4,"
                + " when it runs each bmv2 profile's pipeconf.");
        root.put("device", ROUTER.toString());
        root.put("profiles", profiles);
        checkOrWrite("routing_entries.json", "routing.writeEntries", root);
    }
}
