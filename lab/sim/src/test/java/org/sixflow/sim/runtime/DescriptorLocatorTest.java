// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import org.junit.Test;

import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;

/** Tests finding descriptors through bundles' Service-Component headers. */
public class DescriptorLocatorTest {

    private static final String FIXTURES = "org.sixflow.sim.runtime.fixtures.";

    private static Path bundle() throws URISyntaxException {
        URL manifest = DescriptorLocatorTest.class.getResource("/bundle/META-INF/MANIFEST.MF");
        return Paths.get(manifest.toURI()).getParent().getParent();
    }

    @Test
    public void readsTheHeaderWithWildcardsFromADirectory() throws Exception {
        List<String> names = DescriptorLocator.fromDirectory(bundle()).stream().map(ComponentDescriptor::name)
                .collect(Collectors.toList());
        assertEquals(List.of(FIXTURES + "GreeterComponent", FIXTURES + "HubComponent"), names);
    }

    @Test
    public void readsEveryBundleOnAClassLoader() throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[]{bundle().toUri().toURL()}, null)) {
            List<String> names = DescriptorLocator.fromClassLoader(loader).stream().map(ComponentDescriptor::name)
                    .collect(Collectors.toList());
            assertEquals(List.of(FIXTURES + "GreeterComponent", FIXTURES + "HubComponent"), names);
        }
    }
}
