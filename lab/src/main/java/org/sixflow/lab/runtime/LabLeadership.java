// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.runtime;

import org.onosproject.cluster.Leader;
import org.onosproject.cluster.Leadership;
import org.onosproject.cluster.LeadershipEventListener;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.cluster.NodeId;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Leadership in a one-node lab: the lab leads every topic it runs for.
 */
public final class LabLeadership implements LeadershipService {

    private final Map<String, Leadership> topics = new ConcurrentHashMap<>();

    @Override
    public Leadership getLeadership(String topic) {
        return topics.get(topic);
    }

    @Override
    public Set<String> ownedTopics(NodeId nodeId) {
        return LabCluster.NODE_ID.equals(nodeId) ? Set.copyOf(topics.keySet()) : Set.of();
    }

    @Override
    public Leadership runForLeadership(String topic) {
        return topics.computeIfAbsent(topic, t -> new Leadership(
                t, new Leader(LabCluster.NODE_ID, 1, System.currentTimeMillis()), List.of(LabCluster.NODE_ID)));
    }

    @Override
    public void withdraw(String topic) {
        topics.remove(topic);
    }

    @Override
    public void addListener(LeadershipEventListener listener) {
        // Leadership never moves here.
    }

    @Override
    public void removeListener(LeadershipEventListener listener) {
        // See addListener.
    }
}
