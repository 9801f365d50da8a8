// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest.features;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.codec.impl.CodecManager;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.rest.GtpuFeature;
import org.sixflow.app.features.nptv6.api.NamedNptv6Mapping;
import org.sixflow.app.features.nptv6.rest.Nptv6Feature;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;

/**
 * The whiteboard's reader: features bound before activation and after it join the catalog with
 * their codecs; a feature unbound leaves both; a stopped registrar leaves nothing behind.
 */
public class FeatureRegistrarTest {

    private final FeatureCatalog catalog = new FeatureCatalog();
    private final FeatureRegistrar registrar = new FeatureRegistrar(catalog);
    private final CodecManager codecs = new CodecManager();
    private final SixflowFeature gtpu = new GtpuFeature();
    private final SixflowFeature nptv6 = new Nptv6Feature();
    private int changes;

    @Before
    public void setUp() {
        codecs.activate();
        registrar.codecService = codecs;
        catalog.listen(() -> changes++);
    }

    @Test
    public void featuresBoundBeforeAndAfterActivationAreRegistered() {
        registrar.bindFeature(gtpu);
        assertEquals("nothing before activation", List.of(), names());
        assertNull(codecs.getCodec(GtpuTunnel.class));

        registrar.activate();
        registrar.bindFeature(nptv6);
        assertEquals(List.of("gtpu", "nptv6"), names());
        assertNotNull(codecs.getCodec(GtpuTunnel.class));
        assertNotNull(codecs.getCodec(NamedNptv6Mapping.class));
        assertEquals(2, changes);

        registrar.unbindFeature(gtpu);
        assertEquals(List.of("nptv6"), names());
        assertNull(codecs.getCodec(GtpuTunnel.class));

        registrar.deactivate();
        assertEquals(List.of(), names());
        assertNull(codecs.getCodec(NamedNptv6Mapping.class));
    }

    @Test
    public void aFeatureOfTheSameNameReplacesAndOnlyItsOwnRemovalCounts() {
        FeatureCatalog shared = new FeatureCatalog();
        SixflowFeature first = new GtpuFeature();
        SixflowFeature second = new GtpuFeature();
        shared.add(first);
        shared.add(second);
        shared.remove(first);   // no longer the one held: nothing changes
        assertEquals(1, shared.features().size());
        assertEquals(second, shared.features().get(0));
        shared.remove(second);
        assertEquals(0, shared.features().size());
    }

    private List<String> names() {
        return catalog.features().stream().map(SixflowFeature::name).collect(Collectors.toList());
    }
}
