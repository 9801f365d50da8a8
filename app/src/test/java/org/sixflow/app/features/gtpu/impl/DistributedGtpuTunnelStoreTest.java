// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import com.google.common.collect.Maps;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.api.GtpuTunnelEvent;
import org.sixflow.app.lifecycle.OwnedWiring;
import org.sixflow.app.lifecycle.Stored;
import org.sixflow.app.testing.ClusterStorageService;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.app.features.gtpu.impl.GtpuTunnelManagerFixture.tunnel;

/**
 * Two instances of the tunnel store over one cluster's maps: counter indexes, status, events.
 */
public class DistributedGtpuTunnelStoreTest {

    private final ClusterStorageService storage = new ClusterStorageService();
    private final DistributedGtpuTunnelStore one = new DistributedGtpuTunnelStore();
    private final DistributedGtpuTunnelStore two = new DistributedGtpuTunnelStore();
    private final List<GtpuTunnelEvent> heard = new CopyOnWriteArrayList<>();

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
    public void givesEachTunnelItsOwnIndexAcrossInstancesAndFreesItOnRemoval() {
        GtpuTunnel a = one.add(tunnel("ue-1", "fd00:9:1::/64", 1).build(), 2).orElseThrow();
        GtpuTunnel b = two.add(tunnel("ue-2", "fd00:9:2::/64", 2).build(), 2).orElseThrow();
        assertEquals(0, a.counterIndex().getAsInt());
        assertEquals(1, b.counterIndex().getAsInt());
        assertEquals(Optional.empty(), two.add(tunnel("ue-1", "fd00:9:3::/64", 3).build(), 2));
        try {
            one.add(tunnel("ue-3", "fd00:9:3::/64", 3).build(), 2);
            fail("gave an index beyond the counters");
        } catch (IllegalStateException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("2 GTP-U tunnel counter cells"));
        }
        assertEquals(Optional.of(a), two.remove("ue-1"));
        assertEquals(0, one.add(tunnel("ue-3", "fd00:9:3::/64", 3).build(), 2).orElseThrow().counterIndex().getAsInt());
    }

    @Test
    public void theListedTunnelsFollowThisInstanceAtOnceAndAnotherOnItsEvents() {
        assertEquals(Map.of(), one.listed());
        GtpuTunnel a = one.add(tunnel("ue-1", "fd00:9:1::/64", 1).build(), 8).orElseThrow();
        assertEquals(Map.of("ue-1", Maps.immutableEntry(a, InstallStatus.REQUESTED)), one.listed());
        assertTrue(two.setStatus(a, InstallStatus.INSTALLED));
        assertEquals(Map.of("ue-1", Maps.immutableEntry(a, InstallStatus.INSTALLED)), two.listed());
        storage.awaitEvents();
        assertEquals(Map.of("ue-1", Maps.immutableEntry(a, InstallStatus.INSTALLED)), one.listed());
        two.remove("ue-1");
        assertEquals(Map.of(), two.listed());
        storage.awaitEvents();
        assertEquals(Map.of(), one.listed());
    }

    @Test
    public void statusBelongsToTheStoredVersionAndEveryTypeCrossesTheSerializer() {
        GtpuTunnel a = one.add(tunnel("ue-1", "fd00:9:1::/64", 1).build(), 8).orElseThrow();
        InstallStatus failed = InstallStatus.failed(DeviceId.deviceId("device:beijing"), "refused 1 entry");
        assertTrue(two.setStatus(a, failed));
        assertFalse(two.setStatus(a.withCounterIndex(5), InstallStatus.INSTALLED));
        assertEquals(Optional.of(failed), one.status("ue-1"));
        Stored<GtpuTunnel> stored = new Stored<>(tunnel("ue-2", "fd00:9:2::/64", 2).qfi(3).counterIndex(4).build(),
                                                 failed);
        assertEquals(stored, DistributedGtpuTunnelStore.SERIALIZER.decode(
                DistributedGtpuTunnelStore.SERIALIZER.encode(stored)));
        one.remove("ue-1");
        storage.awaitEvents();
        assertEquals(List.of(GtpuTunnelEvent.Type.TUNNEL_ADDED, GtpuTunnelEvent.Type.TUNNEL_FAILED,
                             GtpuTunnelEvent.Type.TUNNEL_REMOVED),
                     heard.stream().map(GtpuTunnelEvent::type).collect(java.util.stream.Collectors.toList()));
    }
}
