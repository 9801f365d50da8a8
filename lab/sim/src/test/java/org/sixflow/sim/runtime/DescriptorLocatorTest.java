// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import org.junit.Test;

import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assume.assumeTrue;

/** Tests finding descriptors through bundles' Service-Component headers. */
public class DescriptorLocatorTest {

    private static final String FIXTURES = "org.sixflow.sim.runtime.fixtures.";
    private static final Path APP_JAR = Paths.get(System.getProperty("sixflow.app.jar",
            "../../app/target/sixflow-app-0.1.0-SNAPSHOT.jar"));

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

    @Test
    public void readsEveryRealSixflowDescriptor() throws Exception {
        assumeTrue("the app jar is built", Files.isRegularFile(APP_JAR));
        List<ComponentDescriptor> components = DescriptorLocator.fromJar(APP_JAR);
        assertEquals(47, components.size());
        long dynamic = components.stream().flatMap(c -> c.references().stream())
                .filter(ReferenceDescriptor::isDynamic).count();
        assertEquals(3, dynamic);
        components.forEach(c -> assertEquals(c.name(), c.implementationClass()));
        // Every app component's activate method is the default or named.
        assertEquals(47, components.stream().filter(c -> c.activate().equals("activate")).count());
    }
}
