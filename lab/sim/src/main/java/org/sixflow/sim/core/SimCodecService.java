// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.core;

import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;
import org.onosproject.codec.impl.CodecManager;

import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's codec service, with ONOS's own core codecs: it is ONOS 2.7's CodecManager (from
 * onos-core-common, used as a library), activated at construction, which registers the codecs of
 * ONOS's core types (devices, ports, links, hosts, flow rules, criteria, instructions, groups,
 * applications, interfaces...). Applications register theirs on top, as in ONOS.
 */
public final class SimCodecService implements CodecService {

    private final CodecManager codecs = new CodecManager();

    /** Creates the service with ONOS's core codecs registered. */
    public SimCodecService() {
        codecs.activate();
    }

    @Override
    public Set<Class<?>> getCodecs() {
        return codecs.getCodecs();
    }

    @Override
    public <T> JsonCodec<T> getCodec(Class<T> entityClass) {
        return codecs.getCodec(checkNotNull(entityClass, "Entity class cannot be null"));
    }

    @Override
    public <T> void registerCodec(Class<T> entityClass, JsonCodec<T> codec) {
        // As CodecManager: the first codec registered for a class stays.
        codecs.registerCodec(checkNotNull(entityClass, "Entity class cannot be null"),
                             checkNotNull(codec, "Codec cannot be null"));
    }

    @Override
    public void unregisterCodec(Class<?> entityClass) {
        codecs.unregisterCodec(checkNotNull(entityClass, "Entity class cannot be null"));
    }
}
