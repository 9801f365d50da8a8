// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.nptv6.impl;

import com.google.common.collect.Maps;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.api.Nptv6MappingEvent;
import org.sixflow.app.lifecycle.OwnedWiring;
import org.sixflow.app.lifecycle.Stored;
import org.sixflow.app.testing.ClusterStorageService;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture.example;
import static org.sixflow.app.features.nptv6.impl.Nptv6MappingManagerFixture.mapping;

/**
 * Two instances of the mapping store over one cluster's maps: ids, status, lists, events.
 */
public class DistributedNptv6MappingStoreTest {

    private final ClusterStorageService storage = new ClusterStorageService();
    private final DistributedNptv6MappingStore one = new DistributedNptv6MappingStore();
    private final DistributedNptv6MappingStore two = new DistributedNptv6MappingStore();
    private final List<Nptv6MappingEvent> heard = new CopyOnWriteArrayList<>();

    @Before
    public void setUp() {
        OwnedWiring.storageService(one, storage);
        OwnedWiring.storageService(two, storage.instance());
        one.activate();
        two.activate();
        two.setDelegate(heard::add);
    }

    @After
    public void tearDown() {
        one.deactivate();
        two.deactivate();
        storage.shutdown();
    }

    @Test
    public void anIdIsStoredOnceAcrossInstances() {
        assertTrue(one.add(example("isp1")));
        assertFalse(two.add(mapping("isp1", "fd02::/48", "2001:db8:2::/48", "device:beijing/3")));
        assertEquals(Optional.of(example("isp1")), two.get("isp1"));
        assertEquals(Optional.of(InstallStatus.REQUESTED), two.status("isp1"));
        assertEquals(List.of(example("isp1")), List.copyOf(two.all()));
        assertEquals(Optional.of(example("isp1")), two.remove("isp1"));
        assertEquals(Optional.empty(), one.remove("isp1"));
        assertEquals(Optional.empty(), one.get("isp1"));
        assertTrue(one.add(mapping("isp1", "fd02::/48", "2001:db8:2::/48", "device:beijing/3")));
    }

    @Test
    public void theListedMappingsFollowThisInstanceAtOnceAndAnotherOnItsEvents() {
        assertEquals(Map.of(), one.listed());
        NamedNptv6Mapping a = example("isp1");
        one.add(a);
        assertEquals(Map.of("isp1", Maps.immutableEntry(a, InstallStatus.REQUESTED)), one.listed());
        assertTrue(two.setStatus(a, InstallStatus.INSTALLED));
        assertEquals(Map.of("isp1", Maps.immutableEntry(a, InstallStatus.INSTALLED)), two.listed());
        storage.awaitEvents();
        assertEquals(Map.of("isp1", Maps.immutableEntry(a, InstallStatus.INSTALLED)), one.listed());
        two.remove("isp1");
        assertEquals(Map.of(), two.listed());
        storage.awaitEvents();
        assertEquals(Map.of(), one.listed());
    }

    @Test
    public void statusBelongsToTheStoredVersionAndEveryTypeCrossesTheSerializer() {
        NamedNptv6Mapping a = example("isp1");
        one.add(a);
        InstallStatus failed = InstallStatus.failed(DeviceId.deviceId("device:beijing"), "refused 4 entries");
        assertTrue(two.setStatus(a, failed));
        // An outcome about another version (same id, other prefixes) is dropped.
        assertFalse(two.setStatus(mapping("isp1", "fd02::/48", "2001:db8:2::/48", "device:beijing/2"),
                                  InstallStatus.INSTALLED));
        assertEquals(Optional.of(failed), one.status("isp1"));
        Stored<NamedNptv6Mapping> stored = new Stored<>(a, failed);
        assertEquals(stored, DistributedNptv6MappingStore.SERIALIZER.decode(
                DistributedNptv6MappingStore.SERIALIZER.encode(stored)));
        one.remove("isp1");
        storage.awaitEvents();
        assertEquals(List.of(Nptv6MappingEvent.Type.MAPPING_ADDED, Nptv6MappingEvent.Type.MAPPING_FAILED,
                             Nptv6MappingEvent.Type.MAPPING_REMOVED),
                     heard.stream().map(Nptv6MappingEvent::type).collect(Collectors.toList()));
        assertEquals(failed, heard.get(2).status());
    }
}
