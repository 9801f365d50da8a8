// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.osgi;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Turns a copy of the Karaf distribution into the container ONOS 2.7.0 runs: ONOS's boot features,
 * an offline Maven resolver over the repositories Maven filled, loopback-only ports of our choosing.
 */
final class KarafConfiguration {

    /** The Java ONOS 2.7 runs on; Karaf 4.2.9 knows nothing newer. */
    static final int ONOS_JAVA = 11;

    /** What ONOS 2.7.0's etc/org.apache.karaf.features.cfg boots before its own features. */
    static final List<String> KARAF_BOOT_FEATURES = List.of(
            "instance", "package", "log", "ssh", "framework", "system", "eventadmin", "feature", "shell",
            "management", "service", "jaas", "deployer", "diagnostic", "wrap", "bundle", "config", "kar",
            "webconsole", "scr", "war");

    private final Path etc;

    private KarafConfiguration(Path home) {
        this.etc = home.resolve("etc");
    }

    /**
     * Configures the instance at {@code home}.
     *
     * @param home             the instance's Karaf home (a copy of the distribution)
     * @param ports            the loopback ports it may use
     * @param repositories     Maven-layout directories to resolve {@code mvn:} URLs from, besides system/
     * @param platformFeatures the ONOS platform features file
     * @throws IOException when a file cannot be written
     */
    static void apply(Path home, KarafPorts ports, List<Path> repositories, Path platformFeatures)
            throws IOException {
        KarafConfiguration config = new KarafConfiguration(home);
        config.acceptThisJava();
        config.replace("org.apache.karaf.shell.cfg", "sshPort", String.valueOf(ports.ssh()));
        config.replace("org.apache.karaf.shell.cfg", "sshHost", "127.0.0.1");
        config.replace("org.apache.karaf.management.cfg", "rmiRegistryPort", String.valueOf(ports.rmiRegistry()));
        config.replace("org.apache.karaf.management.cfg", "rmiServerPort", String.valueOf(ports.rmiServer()));
        config.write("org.ops4j.pax.web.cfg",
                     "org.osgi.service.http.port = " + ports.http(),
                     "org.osgi.service.http.host = 127.0.0.1",
                     "org.osgi.service.http.enabled = true",
                     "org.osgi.service.http.secure.enabled = false",
                     // The JAAS realm "karaf" that ONOS's web.xml files name comes from this file.
                     "org.ops4j.pax.web.config.file = ${karaf.etc}/jetty.xml",
                     "javax.servlet.context.tempdir = ${karaf.data}/pax-web-jsp");
        config.write("org.ops4j.pax.url.mvn.cfg",
                     // Everything comes from what Maven fetched; nothing is downloaded by Karaf.
                     "org.ops4j.pax.url.mvn.offline = true",
                     "org.ops4j.pax.url.mvn.useFallbackRepositories = false",
                     "org.ops4j.pax.url.mvn.localRepository = ${karaf.data}/no-local-repository",
                     "org.ops4j.pax.url.mvn.repositories =",
                     "org.ops4j.pax.url.mvn.defaultRepositories = "
                             + "file:${karaf.home}/${karaf.default.repository}@id=system.repository@snapshots"
                             + repositories.stream()
                                     .map(r -> ", " + r.toUri() + "@id=" + r.getFileName() + "@snapshots")
                                     .collect(Collectors.joining()));
        config.write("org.apache.karaf.features.cfg",
                     "featuresRepositories = mvn:org.apache.karaf.features/standard/4.2.9/xml/features, "
                             + "mvn:org.apache.karaf.features/framework/4.2.9/xml/features, "
                             + platformFeatures.toUri(),
                     // One stage; versions come from the pinned repositories above.
                     "featuresBoot = (" + String.join(", ", KARAF_BOOT_FEATURES) + ")",
                     "featuresBootAsynchronous = false");
        if (Runtime.version().feature() > ONOS_JAVA) {
            try (InputStream processing = KarafConfiguration.class
                    .getResourceAsStream("/karaf-jdk17-features-processing.xml")) {
                Files.copy(processing, config.etc.resolve("org.apache.karaf.features.xml"),
                           java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /**
     * Karaf 4.2.9 lists system packages and execution environments up to Java 11 and fails to start on
     * a newer Java. Newer Javas get Java 11's lists, the Java ONOS 2.7 runs on: bundles see exactly the
     * JDK packages and osgi.ee capabilities they would see in ONOS.
     */
    private void acceptThisJava() throws IOException {
        String spec = System.getProperty("java.specification.version");
        if (Integer.parseInt(spec.replaceFirst("^1\\.", "")) <= ONOS_JAVA) {
            return;
        }
        appendUnlessDefined("jre.properties", "jre-" + spec, "${jre-" + ONOS_JAVA + "}");
        appendUnlessDefined("config.properties", "eecap-" + spec, "${eecap-" + ONOS_JAVA + "}");
    }

    private void appendUnlessDefined(String file, String key, String value) throws IOException {
        Path path = etc.resolve(file);
        String text = Files.readString(path, StandardCharsets.ISO_8859_1);
        if (!Pattern.compile("^" + Pattern.quote(key) + "\\s*=", Pattern.MULTILINE).matcher(text).find()) {
            Files.writeString(path, text + "\n" + key + " = " + value + "\n", StandardCharsets.ISO_8859_1);
        }
    }

    private void replace(String file, String key, String value) throws IOException {
        Path path = etc.resolve(file);
        String text = Files.readString(path, StandardCharsets.ISO_8859_1);
        Matcher line = Pattern.compile("^" + Pattern.quote(key) + "\\s*=.*$", Pattern.MULTILINE).matcher(text);
        if (!line.find()) {
            throw new IOException(file + " has no " + key + " to set");
        }
        Files.writeString(path, line.replaceFirst(Matcher.quoteReplacement(key + " = " + value)),
                          StandardCharsets.ISO_8859_1);
    }

    private void write(String file, String... lines) throws IOException {
        Files.writeString(etc.resolve(file), String.join("\n", lines) + "\n", StandardCharsets.ISO_8859_1);
    }
}
