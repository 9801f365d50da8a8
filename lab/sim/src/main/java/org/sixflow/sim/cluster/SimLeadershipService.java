// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.cluster;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.Leader;
import org.onosproject.cluster.Leadership;
import org.onosproject.cluster.LeadershipEvent;
import org.onosproject.cluster.LeadershipEventListener;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.cluster.NodeId;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.event.ListenerRegistry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's leadership service in a one-instance cluster: the local node wins every topic it runs for,
 * unless the topic was set up with {@link #ledElsewhere} as led by a peer node ({@value #PEER_NODE_ID}),
 * in which case the local node is only a candidate after the peer. Withdrawing hands the topic to
 * the next candidate, if any. Leadership events go to listeners through the event dispatcher, as
 * ONOS's LeadershipManager posts them.
 * <p>
 * Not simulated: a peer that goes away, so a topic led elsewhere stays led elsewhere.
 */
public final class SimLeadershipService implements LeadershipService {

    /** The peer node that leads topics set up with {@link #ledElsewhere}. */
    public static final String PEER_NODE_ID = "sim-peer";

    private final NodeId localNode;
    private final NodeId peerNode = NodeId.nodeId(PEER_NODE_ID);
    private final EventDeliveryService dispatcher;
    private final ListenerRegistry<LeadershipEvent, LeadershipEventListener> listeners = new ListenerRegistry<>();
    private final Map<String, Leadership> board = new HashMap<>();
    private final Map<String, Long> terms = new HashMap<>();

    /**
     * Creates the service and registers its listeners as the dispatcher's LeadershipEvent sink.
     *
     * @param cluster    the cluster, for the local node
     * @param dispatcher the event dispatcher
     */
    public SimLeadershipService(ClusterService cluster, EventDeliveryService dispatcher) {
        this.localNode = checkNotNull(cluster, "cluster").getLocalNode().id();
        this.dispatcher = checkNotNull(dispatcher, "dispatcher");
        dispatcher.addSink(LeadershipEvent.class, listeners);
    }

    /**
     * Sets a topic up as led by the peer node: the local node, if it runs, is only a candidate.
     *
     * @param topic the topic
     * @return the topic's leadership now
     */
    public synchronized Leadership ledElsewhere(String topic) {
        checkNotNull(topic, "Topic cannot be null");
        Leadership before = board.get(topic);
        List<NodeId> candidates = new ArrayList<>();
        candidates.add(peerNode);
        if (before != null) {
            before.candidates().stream().filter(n -> !n.equals(peerNode)).forEach(candidates::add);
        }
        Leader leader = before != null && before.leader() != null && peerNode.equals(before.leaderNodeId())
                ? before.leader() : newLeader(topic, peerNode);
        return change(topic, before, new Leadership(topic, leader, ImmutableList.copyOf(candidates)));
    }

    @Override
    public synchronized Leadership getLeadership(String topic) {
        checkNotNull(topic, "Topic cannot be null");
        return board.get(topic);
    }

    @Override
    public synchronized Set<String> ownedTopics(NodeId nodeId) {
        checkNotNull(nodeId, "Node id cannot be null");
        ImmutableSet.Builder<String> topics = ImmutableSet.builder();
        board.forEach((topic, leadership) -> {
            if (nodeId.equals(leadership.leaderNodeId())) {
                topics.add(topic);
            }
        });
        return topics.build();
    }

    @Override
    public synchronized Leadership runForLeadership(String topic) {
        checkNotNull(topic, "Topic cannot be null");
        Leadership before = board.get(topic);
        if (before != null && before.candidates().contains(localNode)) {
            return before;
        }
        List<NodeId> candidates = new ArrayList<>(before == null ? List.of() : before.candidates());
        candidates.add(localNode);
        Leader leader = before != null && before.leader() != null ? before.leader() : newLeader(topic, localNode);
        return change(topic, before, new Leadership(topic, leader, ImmutableList.copyOf(candidates)));
    }

    @Override
    public synchronized void withdraw(String topic) {
        checkNotNull(topic, "Topic cannot be null");
        Leadership before = board.get(topic);
        if (before == null || !before.candidates().contains(localNode)) {
            return;
        }
        List<NodeId> candidates = new ArrayList<>(before.candidates());
        candidates.remove(localNode);
        Leader leader = before.leader();
        if (leader != null && localNode.equals(leader.nodeId())) {
            leader = candidates.isEmpty() ? null : newLeader(topic, candidates.get(0));
        }
        change(topic, before, new Leadership(topic, leader, ImmutableList.copyOf(candidates)));
    }

    /**
     * Returns every topic's leadership.
     *
     * @return topic to leadership
     */
    public synchronized Map<String, Leadership> getLeaderBoard() {
        return ImmutableMap.copyOf(board);
    }

    @Override
    public void addListener(LeadershipEventListener listener) {
        listeners.addListener(listener);
    }

    @Override
    public void removeListener(LeadershipEventListener listener) {
        listeners.removeListener(listener);
    }

    private Leader newLeader(String topic, NodeId node) {
        long term = terms.merge(topic, 1L, Long::sum);
        return new Leader(node, term, System.currentTimeMillis());
    }

    private Leadership change(String topic, Leadership before, Leadership after) {
        board.put(topic, after);
        boolean leaderChanged = before == null ? after.leader() != null
                : !Objects.equals(before.leader(), after.leader());
        boolean candidatesChanged = before == null || !before.candidates().equals(after.candidates());
        LeadershipEvent.Type type = leaderChanged && candidatesChanged
                ? LeadershipEvent.Type.LEADER_AND_CANDIDATES_CHANGED
                : leaderChanged ? LeadershipEvent.Type.LEADER_CHANGED : LeadershipEvent.Type.CANDIDATES_CHANGED;
        if (leaderChanged || candidatesChanged) {
            dispatcher.post(new LeadershipEvent(type, after));
        }
        return after;
    }
}
