// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.net;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Link;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.net.link.LinkService;

import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/**
 * The one check of a port where traffic enters or leaves the network (a tree's source and
 * receivers, a policy's ingress ports): it must be a host-facing port as ONOS's edge-port
 * service knows it, which is a port that exists and has no link. A link port or a port ONOS does
 * not know would be accepted and installed, but no host traffic would ever use it.
 */
public final class HostPorts {

    private final EdgePortService edges;
    private final LinkService links;

    /**
     * Creates the check.
     *
     * @param edges ONOS's edge ports
     * @param links ONOS's links (to say which link a refused port carries)
     */
    public HostPorts(EdgePortService edges, LinkService links) {
        this.edges = edges;
        this.links = links;
    }

    /**
     * Whether a port faces hosts.
     *
     * @param port the port
     * @return true for an edge port ONOS knows
     */
    public boolean isHostPort(ConnectPoint port) {
        return StreamSupport.stream(edges.getEdgePoints(port.deviceId()).spliterator(), false)
                .anyMatch(port::equals);
    }

    /**
     * Says why a port is no host-facing port, naming it.
     *
     * @param port the port
     * @return the problem, or empty for a host-facing port
     */
    public Optional<String> problem(ConnectPoint port) {
        if (isHostPort(port)) {
            return Optional.empty();
        }
        Set<Link> egress = links.getEgressLinks(port);
        if (egress != null && !egress.isEmpty()) {
            return Optional.of(port + " is a link port (to " + egress.stream().map(l -> l.dst().toString()).sorted()
                    .collect(Collectors.joining(", ")) + "), not a host-facing port");
        }
        return Optional.of(port + " is no host-facing port ONOS knows: " + port.deviceId()
                                   + " has no such port, or the device is unknown or down");
    }
}
