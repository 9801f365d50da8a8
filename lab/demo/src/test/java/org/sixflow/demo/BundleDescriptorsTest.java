// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo;

import org.junit.Test;
import org.sixflow.sim.runtime.ComponentDescriptor;
import org.sixflow.sim.runtime.DescriptorLocator;
import org.sixflow.sim.runtime.ReferenceDescriptor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;

/**
 * The demo runs what the bundles on its class path declare: every {@code @Component} class of the
 * app's and the pipeconf's sources has its descriptor there (the bnd plugin's output, as ONOS's SCR
 * reads it), with each dynamic reference the sources declare. Here rather than in lab/sim, which
 * builds before the app and could only skip it.
 */
public class BundleDescriptorsTest {

    private static final Path TOP = Path.of("../..").toAbsolutePath().normalize();
    /** The bundles' sources, with what onos-maven-plugin generates for the app (its ApiDocRegistrator). */
    private static final List<String> SOURCES = List.of("app/src/main/java", "app/target/generated-sources",
                                                        "pipeconf/src/main/java");

    @Test
    public void everyComponentOfTheSourcesIsDescribed() throws IOException {
        Set<String> described = sixflowDescriptors().stream().map(ComponentDescriptor::implementationClass)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(componentsInSources(), described);
    }

    @Test
    public void everyDynamicReferenceOfTheSourcesIsDescribed() throws IOException {
        long described = sixflowDescriptors().stream().flatMap(c -> c.references().stream())
                .filter(ReferenceDescriptor::isDynamic).count();
        long declared = sourceLines().filter(line -> line.contains("ReferencePolicy.DYNAMIC")).count();
        assertEquals(declared, described);
    }

    private static List<ComponentDescriptor> sixflowDescriptors() throws IOException {
        return DescriptorLocator.fromClassLoader(BundleDescriptorsTest.class.getClassLoader()).stream()
                .filter(c -> c.implementationClass().startsWith("org.sixflow."))
                .collect(Collectors.toList());
    }

    /** The classes whose source carries @Component, by name. */
    private static Set<String> componentsInSources() throws IOException {
        Set<String> classes = new TreeSet<>();
        for (String root : SOURCES) {
            Path base = TOP.resolve(root);
            try (Stream<Path> files = Files.walk(base)) {
                files.filter(f -> f.toString().endsWith(".java")).filter(BundleDescriptorsTest::isComponent)
                        .forEach(f -> classes.add(base.relativize(f).toString().replace('/', '.')
                                                          .replaceAll("\\.java$", "")));
            }
        }
        return classes;
    }

    private static boolean isComponent(Path source) {
        try {
            return Files.readAllLines(source).stream().anyMatch(line -> line.startsWith("@Component"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<String> sourceLines() throws IOException {
        Stream<String> lines = Stream.empty();
        for (String root : SOURCES) {
            try (Stream<Path> files = Files.walk(TOP.resolve(root))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList())) {
                    lines = Stream.concat(lines, Files.readAllLines(f).stream());
                }
            }
        }
        return lines;
    }
}
