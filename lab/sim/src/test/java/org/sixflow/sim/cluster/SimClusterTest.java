// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.cluster;

import org.junit.After;
import org.junit.Test;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.Leadership;
import org.onosproject.cluster.LeadershipEvent;
import org.onosproject.cluster.NodeId;
import org.sixflow.sim.core.SimCoreService;
import org.sixflow.sim.core.SimEventDispatcher;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/** Tests the one-instance cluster, leadership and work partition services. */
public class SimClusterTest {

    private static final NodeId LOCAL = NodeId.nodeId(SimClusterService.LOCAL_NODE_ID);
    private static final NodeId PEER = NodeId.nodeId(SimLeadershipService.PEER_NODE_ID);

    private final SimEventDispatcher dispatcher = new SimEventDispatcher();
    private final SimClusterService cluster = new SimClusterService(SimCoreService.VERSION);
    private final SimLeadershipService leadership = new SimLeadershipService(cluster, dispatcher);

    @After
    public void tearDown() {
        dispatcher.close();
    }

    @Test
    public void oneReadyLocalNode() {
        ControllerNode local = cluster.getLocalNode();
        assertEquals(LOCAL, local.id());
        assertEquals("127.0.0.1", local.ip().toString());
        assertEquals(Set.of(local), cluster.getNodes());
        assertEquals(ControllerNode.State.READY, cluster.getState(LOCAL));
        assertEquals(local, cluster.getNode(LOCAL));
        assertNull(cluster.getNode(PEER));
        assertEquals("2.7.0", cluster.getVersion(LOCAL).toString());
        assertTrue(cluster.getLastUpdatedInstant(LOCAL) != null);
    }

    @Test
    public void theLocalNodeLeadsUnlessATopicIsLedElsewhere() throws Exception {
        List<LeadershipEvent.Type> events = Collections.synchronizedList(new ArrayList<>());
        leadership.addListener(e -> events.add(e.type()));
        Leadership mine = leadership.runForLeadership("history");
        assertEquals(LOCAL, mine.leaderNodeId());
        assertEquals(LOCAL, leadership.getLeader("history"));
        assertEquals(Set.of("history"), leadership.ownedTopics(LOCAL));

        leadership.ledElsewhere("experiments");
        Leadership theirs = leadership.runForLeadership("experiments");
        assertEquals(PEER, theirs.leaderNodeId());
        assertEquals(List.of(PEER, LOCAL), leadership.getCandidates("experiments"));

        leadership.withdraw("history");
        assertNull(leadership.getLeader("history"));
        leadership.withdraw("experiments");
        assertEquals(List.of(PEER), leadership.getCandidates("experiments"));
        assertEquals(2, leadership.getLeaderBoard().size());

        assertTrue(dispatcher.awaitIdle(Duration.ofSeconds(10)));
        assertEquals(List.of(LeadershipEvent.Type.LEADER_AND_CANDIDATES_CHANGED,
                             LeadershipEvent.Type.LEADER_AND_CANDIDATES_CHANGED,
                             LeadershipEvent.Type.CANDIDATES_CHANGED,
                             LeadershipEvent.Type.LEADER_AND_CANDIDATES_CHANGED,
                             LeadershipEvent.Type.CANDIDATES_CHANGED), events);
    }

    @Test
    public void everyWorkPartitionIsMine() {
        SimWorkPartitionService partitions = new SimWorkPartitionService(cluster);
        assertTrue(partitions.isMine("device:r1", id -> (long) id.hashCode()));
        assertEquals(LOCAL, partitions.getLeader("device:r1", id -> 1L));
    }
}
