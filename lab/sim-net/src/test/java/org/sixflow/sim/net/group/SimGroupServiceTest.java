// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.group;

import com.google.common.collect.ImmutableList;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.core.GroupId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.group.DefaultGroupBucket;
import org.onosproject.net.group.DefaultGroupDescription;
import org.onosproject.net.group.DefaultGroupKey;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupBucket;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupEvent;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.group.GroupProgrammable;
import org.sixflow.sim.net.EventRecorder;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestNetworks;

import java.util.Collection;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.sixflow.sim.net.TestNetworks.A;
import static org.sixflow.sim.net.TestNetworks.B;

/**
 * Tests the group service: writes confirmed at once with ONOS's events, what the switches hold
 * read back through their drivers, and adds for disconnected devices held until they are back.
 */
public class SimGroupServiceTest {

    private static final ApplicationId APP = new DefaultApplicationId(7, "org.sixflow.test");
    private static final GroupKey KEY = new DefaultGroupKey(new byte[]{1});
    private static final GroupKey NEW_KEY = new DefaultGroupKey(new byte[]{2});

    private SimNetwork network;
    private SimGroupService groups;
    private final EventRecorder<GroupEvent> recorder = new EventRecorder<>();

    @Before
    public void setUp() {
        network = TestNetworks.twoSwitches();
        groups = network.groupService();
        groups.addListener(recorder::event);
    }

    @After
    public void tearDown() {
        network.close();
    }

    private static GroupBucket output(int port) {
        return DefaultGroupBucket.createAllGroupBucket(
                DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(port)).build());
    }

    private static GroupBuckets buckets(int... ports) {
        ImmutableList.Builder<GroupBucket> list = ImmutableList.builder();
        for (int port : ports) {
            list.add(output(port));
        }
        return new GroupBuckets(list.build());
    }

    private static GroupDescription group(DeviceId device, GroupKey key, Integer id, GroupBuckets buckets) {
        return new DefaultGroupDescription(device, GroupDescription.Type.ALL, buckets, key, id, APP);
    }

    private Collection<Group> readBack(DeviceId device) {
        return network.driverService().createHandler(device).behaviour(GroupProgrammable.class).getGroups();
    }

    @Test
    public void anAddedGroupIsAddedAtOnceAndOnTheSwitch() {
        groups.addGroup(group(A, KEY, 100, buckets(1, 2)));
        Group held = groups.getGroup(A, KEY);
        assertEquals(Group.GroupState.ADDED, held.state());
        assertEquals(GroupId.valueOf(100), held.id());
        assertEquals(buckets(1, 2), held.buckets());
        assertEquals(APP, held.appId());
        assertEquals(held.id(), groups.getGroup(A, GroupId.valueOf(100)).id());
        network.awaitEvents();
        assertEquals(List.of(GroupEvent.Type.GROUP_ADDED), recorder.types());
        assertEquals(KEY, recorder.events().get(0).subject().appCookie());
        Group onSwitch = readBack(A).iterator().next();
        assertEquals(KEY, onSwitch.appCookie());
        assertEquals(100, onSwitch.id().id().intValue());
        assertEquals(buckets(1, 2), onSwitch.buckets());
        assertTrue(readBack(B).isEmpty());
        assertEquals(1, ImmutableList.copyOf(groups.getGroups(A, APP)).size());
        assertEquals(1, ImmutableList.copyOf(groups.getGroups(A)).size());
        assertTrue(ImmutableList.copyOf(groups.getGroups(B)).isEmpty());
    }

    @Test
    public void anAddUnderAHeldKeyIsIgnoredAndIdsAreAllocated() {
        groups.addGroup(group(A, KEY, null, buckets(1)));
        groups.addGroup(group(A, KEY, null, buckets(2)));
        groups.addGroup(group(A, NEW_KEY, null, buckets(3)));
        assertEquals(buckets(1), groups.getGroup(A, KEY).buckets());
        assertEquals(1, groups.getGroup(A, KEY).id().id().intValue());
        assertEquals(2, groups.getGroup(A, NEW_KEY).id().id().intValue());
    }

    @Test
    public void newBucketsAreUpdatedUnderTheNewCookie() {
        groups.addGroup(group(A, KEY, 100, buckets(1, 2)));
        groups.setBucketsForGroup(A, KEY, buckets(3), NEW_KEY, APP);
        network.awaitEvents();
        assertNull(groups.getGroup(A, KEY));
        Group updated = groups.getGroup(A, NEW_KEY);
        assertEquals(Group.GroupState.ADDED, updated.state());
        assertEquals(buckets(3), updated.buckets());
        assertEquals(GroupId.valueOf(100), updated.id());
        assertEquals(List.of(GroupEvent.Type.GROUP_ADDED, GroupEvent.Type.GROUP_UPDATED), recorder.types());
        assertEquals(NEW_KEY, recorder.events().get(1).subject().appCookie());
        Group onSwitch = readBack(A).iterator().next();
        assertEquals(NEW_KEY, onSwitch.appCookie());
        assertEquals(buckets(3), onSwitch.buckets());
        groups.addBucketsToGroup(A, NEW_KEY, buckets(3, 4), NEW_KEY, APP);
        assertEquals(buckets(3, 4), groups.getGroup(A, NEW_KEY).buckets());
        groups.removeBucketsFromGroup(A, NEW_KEY, buckets(3), NEW_KEY, APP);
        assertEquals(buckets(4), groups.getGroup(A, NEW_KEY).buckets());
        groups.removeBucketsFromGroup(A, NEW_KEY, buckets(9), NEW_KEY, APP);
        network.awaitEvents();
        assertEquals(4, recorder.events().size());
    }

    @Test
    public void aRemovedGroupIsGoneFromStoreAndSwitch() {
        groups.addGroup(group(A, KEY, 100, buckets(1)));
        groups.removeGroup(A, KEY, APP);
        network.awaitEvents();
        assertNull(groups.getGroup(A, KEY));
        assertTrue(readBack(A).isEmpty());
        assertEquals(List.of(GroupEvent.Type.GROUP_ADDED, GroupEvent.Type.GROUP_REMOVED), recorder.types());
    }

    @Test
    public void addsForADisconnectedDeviceWaitForIt() {
        network.setDeviceAvailable(A, false);
        groups.addGroup(group(A, KEY, 100, buckets(1)));
        assertNull(groups.getGroup(A, KEY));
        network.setDeviceAvailable(A, true);
        network.awaitEvents();
        assertEquals(Group.GroupState.ADDED, groups.getGroup(A, KEY).state());
        assertEquals(List.of(GroupEvent.Type.GROUP_ADDED), recorder.types());
    }

    @Test
    public void changesToADisconnectedDeviceWaitForItsAudit() {
        groups.addGroup(group(A, KEY, 100, buckets(1)));
        groups.addGroup(group(A, NEW_KEY, 200, buckets(1)));
        network.setDeviceAvailable(A, false);
        groups.setBucketsForGroup(A, KEY, buckets(2), KEY, APP);
        groups.removeGroup(A, NEW_KEY, APP);
        assertEquals(Group.GroupState.PENDING_UPDATE, groups.getGroup(A, KEY).state());
        assertEquals(Group.GroupState.PENDING_DELETE, groups.getGroup(A, NEW_KEY).state());
        assertEquals(2, readBack(A).size());
        network.setDeviceAvailable(A, true);
        network.awaitEvents();
        assertEquals(Group.GroupState.ADDED, groups.getGroup(A, KEY).state());
        assertNull(groups.getGroup(A, NEW_KEY));
        assertEquals(List.of(GroupEvent.Type.GROUP_ADDED, GroupEvent.Type.GROUP_ADDED,
                             GroupEvent.Type.GROUP_UPDATED, GroupEvent.Type.GROUP_REMOVED), recorder.types());
        assertEquals(buckets(2), readBack(A).iterator().next().buckets());
    }

    @Test
    public void purgingRemovesAnAppsGroups() {
        groups.addGroup(group(A, KEY, 100, buckets(1)));
        groups.addGroup(group(B, KEY, 100, buckets(1)));
        groups.purgeGroupEntries(A, new DefaultApplicationId(9, "org.sixflow.other"));
        assertEquals(1, ImmutableList.copyOf(groups.getGroups(A)).size());
        groups.purgeGroupEntries(A, APP);
        assertTrue(ImmutableList.copyOf(groups.getGroups(A)).isEmpty());
        groups.purgeGroupEntries();
        assertTrue(ImmutableList.copyOf(groups.getGroups(B)).isEmpty());
        assertTrue(readBack(B).isEmpty());
        network.awaitEvents();
        assertEquals(GroupEvent.Type.GROUP_REMOVED, recorder.types().get(3));
    }
}
