// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;
import org.onosproject.codec.impl.CodecManager;
import org.sixflow.app.rest.SixflowCodecRegistrator;

/**
 * ONOS's real codec service with Sixflow's codecs registered, for REST and CLI tests.
 */
public final class RestTestSupport {

    private RestTestSupport() {
    }

    /**
     * Returns an activated codec manager holding ONOS's and Sixflow's codecs.
     *
     * @return the codec service
     */
    public static CodecService codecService() {
        CodecManager codecs = new CodecManager();
        codecs.activate();
        SixflowCodecRegistrator.CODECS.forEach((type, codec) -> register(codecs, type, codec));
        AllFeatures.list().forEach(f -> f.codecs().forEach((type, codec) -> register(codecs, type, codec)));
        return codecs;
    }

    @SuppressWarnings("unchecked")
    private static <T> void register(CodecService codecs, Class<T> type, JsonCodec<?> codec) {
        codecs.registerCodec(type, (JsonCodec<T>) codec);
    }
}
