// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features;

import org.junit.Test;
import org.sixflow.app.api.ApiDependenciesTest;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The feature slices' layers point one way: api ← impl, api ← rest, api ← cli. No source of
 * features/&lt;feature&gt;/&lt;layer&gt; names a type of a layer it may not use, of its own feature
 * or another's (by import or fully qualified, outside comments and strings): the api names no
 * impl, rest or cli; rest and cli talk only to the api; impl names no rest or cli.
 */
public class FeatureSlicesTest {

    private static final File FEATURES = new File("src/main/java/org/sixflow/app/features");
    private static final Pattern FEATURE_NAME = Pattern.compile("\\borg\\.sixflow\\.app\\.features\\.(\\w+)\\.(\\w+)");
    /** The layers each layer may name. */
    private static final Map<String, Set<String>> ALLOWED = Map.of(
            "api", Set.of("api"),
            "impl", Set.of("api", "impl"),
            "rest", Set.of("api", "rest"),
            "cli", Set.of("api", "cli"));

    /**
     * Returns what a source of a layer names that the layer may not use.
     *
     * @param layer  the source's layer (api, impl, rest, cli)
     * @param source Java source text
     * @return the names ("feature.layer")
     */
    static List<String> violations(String layer, String source) {
        List<String> names = new ArrayList<>();
        Matcher m = FEATURE_NAME.matcher(ApiDependenciesTest.code(source));
        while (m.find()) {
            if (!ALLOWED.get(layer).contains(m.group(2))) {
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
        int sources = 0;
        for (File feature : features) {
            File[] layers = feature.listFiles(File::isDirectory);
            for (File layer : layers == null ? new File[0] : layers) {
                assertTrue(feature.getName() + " has a layer " + layer.getName() + " of no known kind",
                           ALLOWED.containsKey(layer.getName()));
                File[] files = layer.listFiles((dir, name) -> name.endsWith(".java"));
                Arrays.sort(files);
                for (File file : files) {
                    sources++;
                    String text = new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8);
                    for (String name : violations(layer.getName(), text)) {
                        violations.add(feature.getName() + "/" + layer.getName() + "/" + file.getName() + " uses "
                                               + name);
                    }
                }
            }
        }
        assertTrue("too few sources read: " + sources, sources >= 20);
        assertEquals("feature layers must point toward their api", List.of(), violations);
    }

    @Test
    public void findsImportsAndQualifiedNamesOfForbiddenLayersButNotCommentsOrStrings() {
        String source = "package org.sixflow.app.features.nptv6.rest;\n"
                + "import org.sixflow.app.features.nptv6.api.Nptv6MappingService;\n"
                + "import org.sixflow.app.features.nptv6.impl.Nptv6MappingManager;\n"
                + "/** See {@link org.sixflow.app.features.nptv6.impl.Nptv6Installer}. */\n"
                + "class A { // org.sixflow.app.features.nptv6.cli.X\n"
                + "  String s = \"org.sixflow.app.features.nptv6.impl.Y\";\n"
                + "  org.sixflow.app.features.other.cli.Command command;\n"
                + "}\n";
        assertEquals(List.of("nptv6.impl", "other.cli"), violations("rest", source));
        assertEquals(List.of("nptv6.rest", "nptv6.impl", "other.cli"), violations("api", source));
        assertEquals(List.of("nptv6.rest", "other.cli"), violations("impl", source));
        assertEquals(List.of("nptv6.rest", "nptv6.impl"), violations("cli", source));
    }
}
