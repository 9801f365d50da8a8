// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.junit.Test;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Dependencies point toward the API: no source file of org.sixflow.app.api, or of a feature
 * slice's api (features/&lt;feature&gt;/api), names a type of another Sixflow package (the app's
 * implementation packages or the pipeconf bundle), by import or fully qualified, outside comments
 * and string literals: REST, CLI and other apps use them without the implementation. Other
 * features' apis may be named, and the packet helpers (org.sixflow.app.packet): wire facts such
 * as GTP-U's port, which name no other Sixflow package themselves (PackageCyclesTest).
 */
public class ApiDependenciesTest {

    private static final File API = new File("src/main/java/org/sixflow/app/api");
    private static final File FEATURES = new File("src/main/java/org/sixflow/app/features");
    private static final Pattern SIXFLOW_NAME = Pattern.compile("\\borg\\.sixflow\\.[\\w.]*\\w");

    /** Names the API may still use while they move; none left. */
    private static final Set<String> NOT_YET_MOVED = Set.of();

    /**
     * Returns the Sixflow names outside the API that a source text uses.
     *
     * @param source Java source text
     * @return the names, in order of appearance
     */
    static List<String> foreignNames(String source) {
        List<String> names = new ArrayList<>();
        Matcher m = SIXFLOW_NAME.matcher(code(source));
        while (m.find()) {
            String name = m.group();
            if (!isApi(name) && !isPacket(name) && !isFeatureApi(name)) {
                names.add(name);
            }
        }
        return names;
    }

    private static boolean isApi(String name) {
        return name.equals("org.sixflow.app.api") || name.startsWith("org.sixflow.app.api.");
    }

    private static boolean isFeatureApi(String name) {
        return name.matches("org\\.sixflow\\.app\\.features\\.\\w+\\.api(\\..*)?");
    }

    private static boolean isPacket(String name) {
        return name.equals("org.sixflow.app.packet") || name.startsWith("org.sixflow.app.packet.");
    }

    /**
     * The source with comments and string and character literals blanked, so only code remains
     * (FeatureSlicesTest reads sources so too).
     *
     * @param source Java source text
     * @return its code
     */
    public static String code(String source) {
        StringBuilder code = new StringBuilder(source.length());
        int i = 0;
        while (i < source.length()) {
            char c = source.charAt(i);
            if (source.startsWith("//", i)) {
                int end = source.indexOf('\n', i);
                i = end < 0 ? source.length() : end;
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                i = end < 0 ? source.length() : end + 2;
                code.append(' ');
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < source.length() && source.charAt(j) != c) {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                code.append("\"\"");
            } else {
                code.append(c);
                i++;
            }
        }
        return code.toString();
    }

    @Test
    public void apiNamesNoImplementationType() throws IOException {
        List<File> sources = new ArrayList<>(List.of(API.listFiles((dir, name) -> name.endsWith(".java"))));
        assertTrue("no sources in " + API.getAbsolutePath(), sources.size() > 10);
        File[] features = FEATURES.listFiles(File::isDirectory);
        assertTrue("no features in " + FEATURES.getAbsolutePath(), features != null && features.length > 5);
        for (File feature : features) {
            File[] api = new File(feature, "api").listFiles((dir, name) -> name.endsWith(".java"));
            sources.addAll(List.of(api == null ? new File[0] : api));
        }
        sources.sort(null);
        List<String> violations = new ArrayList<>();
        for (File source : sources) {
            for (String name : foreignNames(new String(Files.readAllBytes(source.toPath()), StandardCharsets.UTF_8))) {
                if (!NOT_YET_MOVED.contains(name)) {
                    violations.add(source.getName() + " uses " + name);
                }
            }
        }
        assertEquals("the apis must not depend on implementation packages", List.of(), violations);
    }

    @Test
    public void findsImportsStaticImportsAndQualifiedNamesButNotCommentsOrStrings() {
        String source = "package org.sixflow.app.api;\n"
                + "import org.sixflow.app.api.LatencyClass;\n"
                + "import org.sixflow.app.config.DeviceRole;\n"
                + "import org.sixflow.app.packet.gtpu.GtpuHeader;\n"
                + "import org.sixflow.app.packets.Foreign;\n"
                + "import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;\n"
                + "import org.sixflow.app.features.gtpu.api.GtpuTunnel;\n"
                + "/** See {@link org.sixflow.app.features.msr6.impl.Msr6TreeManager}. */\n"
                + "class A { // org.sixflow.app.history.CopyWriter\n"
                + "  String s = \"netcfg apps/org.sixflow.app.telemetry\";\n"
                + "  char q = '\"';\n"
                + "  org.sixflow.app.telemetry.stats.LatencyStatistics statistics;\n"
                + "  org.sixflow.app.features.nptv6.impl.Nptv6EntryCompiler compiler;\n"
                + "}\n";
        assertEquals(List.of("org.sixflow.app.config.DeviceRole", "org.sixflow.app.packets.Foreign",
                             "org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST",
                             "org.sixflow.app.telemetry.stats.LatencyStatistics",
                             "org.sixflow.app.features.nptv6.impl.Nptv6EntryCompiler"), foreignNames(source));
    }
}
