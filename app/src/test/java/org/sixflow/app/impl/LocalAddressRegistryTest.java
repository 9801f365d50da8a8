// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LocalAddressListener;
import org.sixflow.app.api.LocalAddressProvider;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;

public class LocalAddressRegistryTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final DeviceId WUHAN = DeviceId.deviceId("device:wuhan");
    private static final Ip6Address N3 = Ip6Address.valueOf("fd00:1:1::2152:1");
    private static final Ip6Address OTHER = Ip6Address.valueOf("fd00:1:1::9");

    private final LocalAddressRegistry registry = new LocalAddressRegistry();

    @Test
    public void givesWhatEveryProviderGivesForTheDevice() {
        assertEquals(Set.of(), registry.addresses(BEIJING));
        LocalAddressProvider first = device -> device.equals(BEIJING) ? Set.of(N3) : Set.of();
        registry.addProvider(first);
        registry.addProvider(device -> Set.of(N3, OTHER));
        assertEquals(Set.of(N3, OTHER), registry.addresses(BEIJING));
        assertEquals(Set.of(N3, OTHER), registry.addresses(WUHAN));
        registry.removeProvider(first);
        assertEquals(Set.of(N3, OTHER), registry.addresses(BEIJING));
    }

    @Test
    public void aRemovedProviderGivesNothingMore() {
        LocalAddressProvider provider = device -> Set.of(N3);
        registry.addProvider(provider);
        registry.removeProvider(provider);
        assertEquals(Set.of(), registry.addresses(BEIJING));
    }

    @Test
    public void aChangeReachesEveryListenerEvenPastOneThatFails() {
        List<DeviceId> heard = new ArrayList<>();
        registry.addListener(device -> {
            throw new IllegalStateException("a broken listener");
        });
        LocalAddressListener listener = heard::add;
        registry.addListener(listener);
        registry.changed(BEIJING);
        assertEquals(List.of(BEIJING), heard);
        registry.removeListener(listener);
        registry.changed(WUHAN);
        assertEquals(List.of(BEIJING), heard);
    }
}
