// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import com.google.common.collect.ImmutableSet;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.DeviceId;
import org.osgi.service.component.annotations.Component;
import org.sixflow.app.api.LocalAddressListener;
import org.sixflow.app.api.LocalAddressProvider;
import org.sixflow.app.api.LocalAddressService;
import org.slf4j.Logger;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The features' addresses on routers, asked of their providers each time: the providers read
 * their cluster-wide stores, so every instance gives the same answer and nothing is kept here.
 */
@Component(immediate = true, service = LocalAddressService.class)
public class LocalAddressRegistry implements LocalAddressService {

    private final Logger log = getLogger(getClass());
    private final List<LocalAddressProvider> providers = new CopyOnWriteArrayList<>();
    private final List<LocalAddressListener> listeners = new CopyOnWriteArrayList<>();

    @Override
    public Set<Ip6Address> addresses(DeviceId device) {
        ImmutableSet.Builder<Ip6Address> all = ImmutableSet.builder();
        providers.forEach(provider -> all.addAll(provider.addresses(device)));
        return all.build();
    }

    @Override
    public void addProvider(LocalAddressProvider provider) {
        providers.add(provider);
    }

    @Override
    public void removeProvider(LocalAddressProvider provider) {
        providers.remove(provider);
    }

    @Override
    public void changed(DeviceId device) {
        for (LocalAddressListener listener : listeners) {
            try {
                listener.changed(device);
            } catch (RuntimeException e) {
                // One listener's failure must not keep the change from the others.
                log.warn("Local address listener failed on {}", device, e);
            }
        }
    }

    @Override
    public void addListener(LocalAddressListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(LocalAddressListener listener) {
        listeners.remove(listener);
    }
}
