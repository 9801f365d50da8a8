// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.core;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.Device;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.rest.ApiDocProvider;

import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

/** Tests the codec and API doc services. */
public class SimCodecServiceTest {

    /** A codec for the tests. */
    private static final class Thing {
    }

    @Test
    public void holdsOnosCoreCodecsAndRegisteredOnes() {
        SimCodecService codecs = new SimCodecService();
        assertNotNull(codecs.getCodec(ApplicationId.class));
        assertNotNull(codecs.getCodec(Device.class));
        assertNotNull(codecs.getCodec(FlowRule.class));
        assertTrue(codecs.getCodecs().size() > 40);
        JsonCodec<Thing> codec = new JsonCodec<Thing>() {
            @Override
            public ObjectNode encode(Thing entity, CodecContext context) {
                return context.mapper().createObjectNode();
            }
        };
        codecs.registerCodec(Thing.class, codec);
        assertSame(codec, codecs.getCodec(Thing.class));
        codecs.unregisterCodec(Thing.class);
        assertNull(codecs.getCodec(Thing.class));
    }

    @Test
    public void keepsApiDocProvidersByKey() {
        SimApiDocService docs = new SimApiDocService();
        ApiDocProvider provider = new ApiDocProvider("/onos/sixflow", "Sixflow", getClass().getClassLoader());
        docs.register(provider);
        assertSame(provider, docs.getDocProvider("/onos/sixflow"));
        assertTrue(docs.getDocProviders().contains(provider));
        docs.unregister(provider);
        assertNull(docs.getDocProvider("/onos/sixflow"));
    }
}
