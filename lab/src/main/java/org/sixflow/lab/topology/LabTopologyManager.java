// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.topology;

import org.onosproject.common.DefaultTopology;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.Event;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.DisjointPath;
import org.onosproject.net.Link;
import org.onosproject.net.Path;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.link.LinkService;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.net.topology.ClusterId;
import org.onosproject.net.topology.DefaultGraphDescription;
import org.onosproject.net.topology.LinkWeigher;
import org.onosproject.net.topology.Topology;
import org.onosproject.net.topology.TopologyCluster;
import org.onosproject.net.topology.TopologyEvent;
import org.onosproject.net.topology.TopologyGraph;
import org.onosproject.net.topology.TopologyListener;
import org.onosproject.net.topology.TopologyService;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The topology of available devices and discovered links, computed by ONOS's own DefaultTopology
 * (onos-core-common) again after each device or link change, with TOPOLOGY_CHANGED posted.
 */
public final class LabTopologyManager extends AbstractListenerManager<TopologyEvent, TopologyListener>
        implements TopologyService {

    private static final ProviderId PROVIDER = new ProviderId("lab", "org.sixflow.lab");

    private final DeviceService devices;
    private final LinkService links;
    private volatile DefaultTopology current;

    /**
     * Creates the service.
     *
     * @param devices the devices
     * @param links   the links
     * @param events  where events go
     */
    public LabTopologyManager(DeviceService devices, LinkService links, EventDeliveryService events) {
        this.devices = devices;
        this.links = links;
        eventDispatcher = events;
        events.addSink(TopologyEvent.class, listenerRegistry);
        current = compute();
        devices.addListener(event -> {
            if (event.type() != DeviceEvent.Type.PORT_STATS_UPDATED) {
                changed(event);
            }
        });
        links.addListener(this::changed);
    }

    private DefaultTopology compute() {
        long now = System.nanoTime();
        return new DefaultTopology(PROVIDER, new DefaultGraphDescription(
                now, System.currentTimeMillis(), devices.getAvailableDevices(), links.getActiveLinks()));
    }

    private synchronized void changed(Event<?, ?> reason) {
        current = compute();
        post(new TopologyEvent(TopologyEvent.Type.TOPOLOGY_CHANGED, current, List.of(reason)));
    }

    @Override
    public Topology currentTopology() {
        return current;
    }

    @Override
    public boolean isLatest(Topology topology) {
        return topology == current;
    }

    private static DefaultTopology of(Topology topology) {
        return (DefaultTopology) topology;
    }

    @Override
    public TopologyGraph getGraph(Topology topology) {
        return of(topology).getGraph();
    }

    @Override
    public Set<TopologyCluster> getClusters(Topology topology) {
        return of(topology).getClusters();
    }

    @Override
    public TopologyCluster getCluster(Topology topology, ClusterId clusterId) {
        return of(topology).getCluster(clusterId);
    }

    @Override
    public Set<DeviceId> getClusterDevices(Topology topology, TopologyCluster cluster) {
        return of(topology).getClusterDevices(cluster);
    }

    @Override
    public Set<Link> getClusterLinks(Topology topology, TopologyCluster cluster) {
        return of(topology).getClusterLinks(cluster);
    }

    @Override
    public Set<Path> getPaths(Topology topology, DeviceId src, DeviceId dst) {
        return of(topology).getPaths(src, dst);
    }

    @Override
    public Set<Path> getPaths(Topology topology, DeviceId src, DeviceId dst, LinkWeigher weigher) {
        return of(topology).getPaths(src, dst, weigher);
    }

    @Override
    public Set<DisjointPath> getDisjointPaths(Topology topology, DeviceId src, DeviceId dst) {
        return of(topology).getDisjointPaths(src, dst);
    }

    @Override
    public Set<DisjointPath> getDisjointPaths(Topology topology, DeviceId src, DeviceId dst, LinkWeigher weigher) {
        return of(topology).getDisjointPaths(src, dst, weigher);
    }

    @Override
    public Set<DisjointPath> getDisjointPaths(Topology topology, DeviceId src, DeviceId dst,
                                              Map<Link, Object> riskProfile) {
        return of(topology).getDisjointPaths(src, dst, riskProfile);
    }

    @Override
    public Set<DisjointPath> getDisjointPaths(Topology topology, DeviceId src, DeviceId dst, LinkWeigher weigher,
                                              Map<Link, Object> riskProfile) {
        return of(topology).getDisjointPaths(src, dst, weigher, riskProfile);
    }

    @Override
    public boolean isInfrastructure(Topology topology, ConnectPoint connectPoint) {
        return of(topology).isInfrastructure(connectPoint);
    }

    @Override
    public boolean isBroadcastPoint(Topology topology, ConnectPoint connectPoint) {
        return of(topology).isBroadcastPoint(connectPoint);
    }
}
