// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.runtime;

import org.onlab.packet.IpAddress;
import org.onosproject.cluster.ClusterEventListener;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.Node;
import org.onosproject.cluster.NodeId;
import org.onosproject.core.Version;

import java.util.Set;

/**
 * A cluster of one node: the lab process.
 */
public final class LabCluster implements ClusterService {

    /** The lab's only node. */
    public static final NodeId NODE_ID = NodeId.nodeId("lab");
    private static final ControllerNode NODE = new DefaultControllerNode(NODE_ID, IpAddress.valueOf("127.0.0.1"));
    private static final Version VERSION = Version.version("2.7.0");

    @Override
    public ControllerNode getLocalNode() {
        return NODE;
    }

    @Override
    public Set<ControllerNode> getNodes() {
        return Set.of(NODE);
    }

    @Override
    public Set<Node> getConsensusNodes() {
        return Set.of(NODE);
    }

    @Override
    public ControllerNode getNode(NodeId nodeId) {
        return NODE_ID.equals(nodeId) ? NODE : null;
    }

    @Override
    public ControllerNode.State getState(NodeId nodeId) {
        return NODE_ID.equals(nodeId) ? ControllerNode.State.READY : ControllerNode.State.INACTIVE;
    }

    @Override
    public Version getVersion(NodeId nodeId) {
        return VERSION;
    }

    @Override
    public void addListener(ClusterEventListener listener) {
        // One node that never changes: no events.
    }

    @Override
    public void removeListener(ClusterEventListener listener) {
        // See addListener.
    }
}
