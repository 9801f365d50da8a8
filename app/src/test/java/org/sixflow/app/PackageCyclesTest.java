// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app;

import org.junit.Test;
import org.sixflow.app.api.ApiDependenciesTest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * No package cycles in the app (issue 32): read from the sources (imports and fully qualified
 * names outside comments and strings), no package reaches itself again, a feature slice is in no
 * cycle with the rest of the app even counted as one unit, and the packet helpers name no other
 * Sixflow package. The experiments and GTP-U once imported each other through GTP-U's header and
 * the probes' checksum; both now use org.sixflow.app.packet.
 */
public class PackageCyclesTest {

    private static final Path SOURCES = Paths.get("src/main/java");
    private static final String APP = "org.sixflow.app.";
    private static final Pattern APP_NAME = Pattern.compile("\\borg\\.sixflow\\.app\\.[\\w.]*\\w");
    /** Core areas still in a cycle among themselves (config imports msr6.encoding's Msid, ...); only shrinks. */
    private static final Set<String> CORE_CYCLE = Set.of("config", "history", "impl", "msr6", "resources");

    /**
     * Returns the app's packages each package names.
     *
     * @return package -> the other packages it names
     * @throws IOException if a source cannot be read
     */
    static Map<String, Set<String>> packageGraph() throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(SOURCES)) {
            files = walk.filter(f -> f.toString().endsWith(".java")).collect(Collectors.toList());
        }
        for (Path file : files) {
            String from = SOURCES.relativize(file.getParent()).toString().replace('/', '.');
            Set<String> to = graph.computeIfAbsent(from, k -> new TreeSet<>());
            String code = ApiDependenciesTest.code(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
            for (String name : namedPackages(code)) {
                if (!name.equals(from)) {
                    to.add(name);
                }
            }
        }
        return graph;
    }

    /**
     * The packages of the app's names in code (a name's package ends before its first capitalized
     * part: org.sixflow.app.packet.gtpu.GtpuHeader.UDP_PORT is in org.sixflow.app.packet.gtpu).
     *
     * @param code Java code without comments and strings
     * @return the packages
     */
    static Set<String> namedPackages(String code) {
        Set<String> packages = new TreeSet<>();
        Matcher m = APP_NAME.matcher(code);
        while (m.find()) {
            List<String> parts = new ArrayList<>();
            for (String part : m.group().split("\\.")) {
                if (Character.isUpperCase(part.charAt(0))) {
                    break;
                }
                parts.add(part);
            }
            packages.add(String.join(".", parts));
        }
        return packages;
    }

    /** A package's area: its feature slice (features.gtpu), else its top-level package (msr6). */
    static String area(String pkg) {
        String[] parts = pkg.substring(APP.length()).split("\\.");
        return parts[0].equals("features") && parts.length > 1 ? "features." + parts[1] : parts[0];
    }

    /**
     * The graph with each node replaced by its group.
     *
     * @param graph the graph
     * @param group a node's group
     * @return the groups' graph, without a group's edges to itself
     */
    static Map<String, Set<String>> grouped(Map<String, Set<String>> graph, Function<String, String> group) {
        Map<String, Set<String>> out = new TreeMap<>();
        graph.forEach((from, tos) -> {
            Set<String> set = out.computeIfAbsent(group.apply(from), k -> new TreeSet<>());
            tos.forEach(to -> set.add(group.apply(to)));
            set.remove(group.apply(from));
        });
        return out;
    }

    /**
     * The nodes that reach themselves again.
     *
     * @param graph node -> nodes it names
     * @return those in a cycle
     */
    static Set<String> inCycles(Map<String, Set<String>> graph) {
        Set<String> cyclic = new TreeSet<>();
        for (String start : graph.keySet()) {
            Deque<String> todo = new ArrayDeque<>(graph.get(start));
            Set<String> seen = new TreeSet<>();
            while (!todo.isEmpty()) {
                String next = todo.pop();
                if (next.equals(start)) {
                    cyclic.add(start);
                    break;
                }
                if (seen.add(next)) {
                    todo.addAll(graph.getOrDefault(next, Set.of()));
                }
            }
        }
        return cyclic;
    }

    @Test
    public void noPackageReachesItselfAgain() throws IOException {
        Map<String, Set<String>> graph = packageGraph();
        assertTrue("too few packages read: " + graph.keySet(), graph.size() > 30);
        assertEquals("packages in a cycle", Set.of(), inCycles(graph));
    }

    @Test
    public void noFeatureSliceOrPacketHelperIsInACycleWithTheRestOfTheApp() throws IOException {
        Set<String> cyclic = inCycles(grouped(packageGraph(), PackageCyclesTest::area));
        Set<String> unexpected = new TreeSet<>(cyclic);
        unexpected.removeAll(CORE_CYCLE);
        assertEquals("areas in a cycle (features.<f> counts as one)", Set.of(), unexpected);
    }

    @Test
    public void packetHelpersNameNoOtherSixflowPackage() throws IOException {
        List<String> violations = new ArrayList<>();
        packageGraph().forEach((from, tos) -> {
            if (area(from).equals("packet")) {
                tos.stream().filter(to -> !area(to).equals("packet"))
                        .forEach(to -> violations.add(from + " -> " + to));
            }
        });
        assertEquals(List.of(), violations);
    }

    @Test
    public void findsCyclesAndNamesPackagesOfClassesAndMembers() {
        assertEquals(Set.of("org.sixflow.app.packet.gtpu", "org.sixflow.app.experiments"),
                     namedPackages("import org.sixflow.app.packet.gtpu.GtpuHeader; int p = "
                                           + "org.sixflow.app.experiments.ProbeFrames.MIN_FRAME;"));
        Map<String, Set<String>> graph = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"),
                                                "d", Set.of("a"), "e", Set.of());
        assertEquals(Set.of("a", "b", "c"), inCycles(graph));
        assertEquals("features.gtpu", area("org.sixflow.app.features.gtpu.impl.echo"));
        assertEquals("experiments", area("org.sixflow.app.experiments.impl"));
        // Two packages of one slice that name each other are no cycle between areas.
        String api = "org.sixflow.app.features.f.api";
        String impl = "org.sixflow.app.features.f.impl";
        Map<String, Set<String>> slice = Map.of(api, Set.of(impl), impl, Set.of(api));
        assertEquals(Set.of(api, impl), inCycles(slice));
        assertEquals(Set.of(), inCycles(grouped(slice, PackageCyclesTest::area)));
    }
}
