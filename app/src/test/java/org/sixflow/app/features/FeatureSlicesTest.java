// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features;

import org.junit.Test;
import org.sixflow.app.api.ApiDependenciesTest;
import org.sixflow.app.api.LatencyClass;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The feature slices' layers point one way: api ← impl, api ← rest, api ← cli, api ← experiments.
 * No source of features/&lt;feature&gt;/&lt;layer&gt; names a type of a layer it may not use, of its
 * own feature or another's (by import or fully qualified, outside comments and strings): the api
 * names no impl, rest, cli or experiments; rest, cli and experiments (what the feature contributes
 * to experiments) talk only to the api; impl names no other layer; and of another feature only its
 * api may be named. A layer's sub-packages belong to it, and every slice's cli is one Karaf scans
 * for commands. The other way, nothing outside features/ names a slice.
 */
public class FeatureSlicesTest {

    private static final File FEATURES = new File("src/main/java/org/sixflow/app/features");
    private static final Pattern FEATURE_NAME = Pattern.compile("\\borg\\.sixflow\\.app\\.features\\.(\\w+)\\.(\\w+)");
    /** The layers each layer may name. */
    private static final Map<String, Set<String>> ALLOWED = Map.of(
            "api", Set.of("api"),
            "impl", Set.of("api", "impl"),
            "rest", Set.of("api", "rest"),
            "cli", Set.of("api", "cli"),
            "experiments", Set.of("api", "experiments"));
    /** The layers every full slice has; a slice contributes to experiments only if classes exercise its objects. */
    private static final List<String> EVERY_SLICE_HAS = List.of("api", "impl", "rest", "cli");
    /**
     * The feature latency classes the core still names, by source: GET telemetry/replicas defaults
     * its class to msr6-replicate, the copies MSR6 replication makes, as its REST contract says.
     */
    private static final Map<String, Set<String>> CORE_FEATURE_CLASSES = Map.of(
            "rest/TelemetryWebResource.java", Set.of(LatencyClass.MSR6_REPLICATE.name()));
    /** Any name of a slice's package, or of the features' root package. */
    private static final Pattern ANY_FEATURE_NAME = Pattern.compile("\\borg\\.sixflow\\.app\\.features\\b[\\w.]*");

    /**
     * Returns what a source of a feature's layer names that the layer may not use.
     *
     * @param feature the source's feature
     * @param layer   the source's layer (api, impl, rest, cli)
     * @param source  Java source text
     * @return the names ("feature.layer")
     */
    static List<String> violations(String feature, String layer, String source) {
        List<String> names = new ArrayList<>();
        Matcher m = FEATURE_NAME.matcher(ApiDependenciesTest.code(source));
        while (m.find()) {
            boolean own = m.group(1).equals(feature);
            if (!ALLOWED.get(layer).contains(m.group(2)) || !own && !m.group(2).equals("api")) {
                names.add(m.group(1) + "." + m.group(2));
            }
        }
        return names;
    }

    @Test
    public void layersPointTowardTheApi() throws IOException {
        File[] features = FEATURES.listFiles(File::isDirectory);
        assertTrue("no features in " + FEATURES.getAbsolutePath(), features != null && features.length > 0);
        List<String> violations = new ArrayList<>();
        Set<String> read = new TreeSet<>();
        int sources = 0;
        for (File feature : features) {
            File[] layers = feature.listFiles(File::isDirectory);
            for (File layer : layers == null ? new File[0] : layers) {
                assertTrue(feature.getName() + " has a layer " + layer.getName() + " of no known kind",
                           ALLOWED.containsKey(layer.getName()));
                // A layer's sub-packages (gtpu's impl/echo) are that layer's too.
                List<Path> files;
                try (Stream<Path> walk = Files.walk(layer.toPath())) {
                    files = walk.filter(f -> f.toString().endsWith(".java")).sorted().collect(Collectors.toList());
                }
                for (Path file : files) {
                    sources++;
                    read.add(feature.getName() + "/" + layer.getName());
                    String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
                    for (String name : violations(feature.getName(), layer.getName(), text)) {
                        violations.add(feature.getName() + "/" + layer.toPath().relativize(file) + " in "
                                               + layer.getName() + " uses " + name);
                    }
                }
            }
        }
        assertTrue("too few sources read: " + sources, sources >= 60);
        for (String feature : List.of("gtpu", "nptv6", "apn6", "msr6", "routing")) {
            for (String layer : EVERY_SLICE_HAS) {
                assertTrue("no sources read in " + feature + "/" + layer + ": " + read,
                           read.contains(feature + "/" + layer));
            }
        }
        for (String feature : List.of("msr6", "apn6", "gtpu")) {
            assertTrue("no sources read in " + feature + "/experiments: " + read,
                       read.contains(feature + "/experiments"));
        }
        assertEquals("feature layers must point toward their api", List.of(), violations);
    }

    /**
     * The core is the same whichever features run: what a feature contributes reaches it through
     * the shared api's whiteboards ({@code SixflowFeature} for REST, codecs and the dashboard;
     * {@code ExperimentTarget} for the trees, policies and tunnels experiment classes exercise), so
     * no source outside features/ names a slice, by import or fully qualified, outside comments and
     * strings. The experiments were the last that did.
     *
     * @throws IOException if a source cannot be read
     */
    @Test
    public void theCoreNamesNoFeature() throws IOException {
        Path app = FEATURES.toPath().getParent();
        List<Path> files = coreSources(app);
        List<String> violations = new ArrayList<>();
        for (Path file : files) {
            String code = ApiDependenciesTest.code(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
            Matcher m = ANY_FEATURE_NAME.matcher(code);
            while (m.find()) {
                violations.add(app.relativize(file) + " names " + m.group());
            }
        }
        assertEquals("the core must name no feature slice", List.of(), violations);
    }

    /**
     * Nor does the core know a feature by the latency classes its packets are measured as: outside
     * features/, only the baseline's is named (and the generated enum declares them all), so where
     * a run's packets are also measured past the ingress device, and the presets whose classes are
     * a feature's, come from the features' experiment targets. One name stays, {@link
     * #CORE_FEATURE_CLASSES}.
     *
     * @throws IOException if a source cannot be read
     */
    @Test
    public void theCoreNamesNoFeaturesLatencyClass() throws IOException {
        Path app = FEATURES.toPath().getParent();
        Pattern featureClass = Pattern.compile("\\b(" + Arrays.stream(LatencyClass.values())
                .filter(c -> c != LatencyClass.BASELINE).map(Enum::name).collect(Collectors.joining("|")) + ")\\b");
        List<String> violations = new ArrayList<>();
        for (Path file : coreSources(app)) {
            String where = app.relativize(file).toString().replace(File.separatorChar, '/');
            if (where.equals("api/LatencyClass.java")) {
                continue;
            }
            String code = ApiDependenciesTest.code(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
            Matcher m = featureClass.matcher(code);
            while (m.find()) {
                if (!CORE_FEATURE_CLASSES.getOrDefault(where, Set.of()).contains(m.group(1))) {
                    violations.add(where + " names " + m.group(1));
                }
            }
        }
        assertEquals("the core must name no feature's latency class", List.of(), violations);
    }

    /** The core's sources: every one outside features/, checked to be read. */
    private static List<Path> coreSources(Path app) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(app)) {
            files = walk.filter(f -> f.toString().endsWith(".java") && !f.startsWith(FEATURES.toPath())).sorted()
                    .collect(Collectors.toList());
        }
        assertTrue("too few core sources read: " + files.size(), files.size() > 200);
        assertTrue("the experiments' sources were not read", files.stream().anyMatch(
                f -> f.startsWith(app.resolve("experiments/impl")) && f.endsWith("ExperimentManager.java")));
        return files;
    }

    /**
     * Karaf finds commands only in the packages the bundle's Karaf-Commands header names, a clause
     * ending in ".*" naming a package and every package below it (tools/check-oar.py checks the
     * built bundle; this checks the source before any build): the shared cli package and every
     * slice's cli must be covered, without a list a new feature has to join.
     */
    @Test
    public void everySliceCliIsScannedForCommands() throws IOException {
        String pom = new String(Files.readAllBytes(Paths.get("pom.xml")), StandardCharsets.UTF_8);
        Matcher header = Pattern.compile("<Karaf-Commands>([^<]*)</Karaf-Commands>").matcher(pom);
        assertTrue("app/pom.xml has no Karaf-Commands instruction", header.find());
        List<String> clauses = new ArrayList<>();
        for (String clause : header.group(1).split(",")) {
            clauses.add(clause.trim());
        }
        Set<String> packages = new TreeSet<>(Set.of("org.sixflow.app.cli"));
        for (File feature : FEATURES.listFiles(File::isDirectory)) {
            if (new File(feature, "cli").isDirectory()) {
                packages.add("org.sixflow.app.features." + feature.getName() + ".cli");
            }
        }
        assertTrue("no slice has a cli: " + packages, packages.size() > 2);
        for (String cli : packages) {
            assertTrue(cli + " is not in Karaf-Commands " + clauses, clauses.stream().anyMatch(
                    c -> c.equals(cli) || c.endsWith(".*") && (cli + ".").startsWith(c.substring(0, c.length() - 1))));
        }
        assertFalse("Karaf-Commands lists a slice by name: " + clauses,
                    clauses.stream().anyMatch(c -> c.startsWith("org.sixflow.app.features.") && !c.endsWith(".*")));
    }

    @Test
    public void findsForbiddenLayersAndOtherFeaturesInternalsInCodeButNotCommentsOrStrings() {
        String source = "package org.sixflow.app.features.nptv6.rest;\n"
                + "import org.sixflow.app.features.nptv6.api.Nptv6MappingService;\n"
                + "import org.sixflow.app.features.nptv6.impl.Nptv6MappingManager;\n"
                + "import org.sixflow.app.features.gtpu.impl.GtpuTunnelManager;\n"
                + "import org.sixflow.app.features.gtpu.api.GtpuTunnel;\n"
                + "/** See {@link org.sixflow.app.features.nptv6.impl.Nptv6EntryCompiler}. */\n"
                + "class A { // org.sixflow.app.features.nptv6.cli.X\n"
                + "  String s = \"org.sixflow.app.features.nptv6.impl.Y\";\n"
                + "  org.sixflow.app.features.other.cli.Command command;\n"
                + "}\n";
        assertEquals(List.of("nptv6.impl", "gtpu.impl", "other.cli"), violations("nptv6", "rest", source));
        assertEquals(List.of("nptv6.rest", "nptv6.impl", "gtpu.impl", "other.cli"),
                     violations("nptv6", "api", source));
        assertEquals(List.of("nptv6.rest", "gtpu.impl", "other.cli"), violations("nptv6", "impl", source));
        assertEquals(List.of("nptv6.rest", "nptv6.impl", "gtpu.impl", "other.cli"),
                     violations("nptv6", "cli", source));
        assertEquals(List.of("nptv6.rest", "nptv6.impl", "gtpu.impl", "other.cli"),
                     violations("nptv6", "experiments", source));
        assertFalse("the core's experiments and REST whiteboard are no slice", ANY_FEATURE_NAME.matcher(
                "import org.sixflow.app.experiments.ExperimentTargets;\nimport org.sixflow.app.rest.features.X;")
                .find());
        assertTrue(ANY_FEATURE_NAME.matcher("org.sixflow.app.features.msr6.api.Msr6Tree tree;").find());
    }
}
