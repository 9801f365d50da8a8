// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.cluster;

import com.google.common.collect.ImmutableSet;
import org.onosproject.cluster.ClusterEvent;
import org.onosproject.cluster.ClusterEventListener;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.Node;
import org.onosproject.cluster.NodeId;
import org.onosproject.core.Version;
import org.onosproject.event.ListenerRegistry;
import org.onlab.packet.IpAddress;

import java.time.Instant;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's cluster service for a one-instance cluster: the local node {@value #LOCAL_NODE_ID} at
 * 127.0.0.1, READY since the service was created. Listeners are accepted; no cluster event ever
 * happens. (The peer that {@link SimLeadershipService#ledElsewhere} names is not a member here.)
 */
public final class SimClusterService implements ClusterService {

    /** The local node's id. */
    public static final String LOCAL_NODE_ID = "sim-1";
    /** The local node's address. */
    public static final String LOCAL_NODE_IP = "127.0.0.1";

    private final ControllerNode localNode =
            new DefaultControllerNode(NodeId.nodeId(LOCAL_NODE_ID), IpAddress.valueOf(LOCAL_NODE_IP));
    private final Instant since = Instant.now();
    private final Version version;
    private final ListenerRegistry<ClusterEvent, ClusterEventListener> listeners = new ListenerRegistry<>();

    /**
     * Creates the service.
     *
     * @param version the version the node runs (2.7.0)
     */
    public SimClusterService(Version version) {
        this.version = checkNotNull(version, "version");
    }

    @Override
    public ControllerNode getLocalNode() {
        return localNode;
    }

    @Override
    public Set<ControllerNode> getNodes() {
        return ImmutableSet.of(localNode);
    }

    @Override
    public Set<Node> getConsensusNodes() {
        return ImmutableSet.of(localNode);
    }

    @Override
    public ControllerNode getNode(NodeId nodeId) {
        return localNode.id().equals(nodeId) ? localNode : null;
    }

    @Override
    public ControllerNode.State getState(NodeId nodeId) {
        return localNode.id().equals(nodeId) ? ControllerNode.State.READY : ControllerNode.State.INACTIVE;
    }

    @Override
    public Version getVersion(NodeId nodeId) {
        return localNode.id().equals(nodeId) ? version : null;
    }

    @Override
    public Instant getLastUpdatedInstant(NodeId nodeId) {
        return localNode.id().equals(nodeId) ? since : null;
    }

    @Override
    public void addListener(ClusterEventListener listener) {
        listeners.addListener(listener);
    }

    @Override
    public void removeListener(ClusterEventListener listener) {
        listeners.removeListener(listener);
    }
}
