// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.core;

import com.google.common.collect.ImmutableSet;
import org.onosproject.rest.ApiDocProvider;
import org.onosproject.rest.ApiDocService;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's REST API documentation registry: providers by key, as ApiDocManager keeps them. Serving
 * the documents is the REST layer's business.
 */
public final class SimApiDocService implements ApiDocService {

    private final Map<String, ApiDocProvider> providers = new ConcurrentHashMap<>();

    @Override
    public void register(ApiDocProvider provider) {
        checkNotNull(provider, "Provider cannot be null");
        providers.put(provider.key(), provider);
    }

    @Override
    public void unregister(ApiDocProvider provider) {
        checkNotNull(provider, "Provider cannot be null");
        providers.remove(provider.key());
    }

    @Override
    public Set<ApiDocProvider> getDocProviders() {
        return ImmutableSet.copyOf(providers.values());
    }

    @Override
    public ApiDocProvider getDocProvider(String key) {
        return key == null ? null : providers.get(key);
    }
}
