// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.osgi;

import org.junit.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/**
 * Installs both Sixflow application archives in the OSGi container ONOS 2.7.0 runs and checks that
 * every bundle in them resolves and starts, that ONOS could install their features, and that SCR knows
 * every component the Sixflow bundles declare.
 *
 * <p><b>Container.</b> The real Apache Karaf 4.2.9 distribution (ONOS 2.7.0's tools/package/onos_stage.py),
 * unpacked from Maven Central by maven-dependency-plugin, started headless as its own process
 * ({@code bin/karaf server}) from a copy under target/karaf-run with its own data directory, SSH console,
 * HTTP and JMX ports on 127.0.0.1, driven with the distribution's {@code bin/client}, and shut down at the
 * end. Its framework is Felix 5.6.12, asserted below. Karaf 4.2.9 predates Java 17, the only JDK here, so
 * on a newer Java two things are adapted and nothing else: the newer Java gets Java 11's system packages
 * and execution environments (Karaf 4.2.9 has no entry for 17 and does not start; ONOS runs on 11), and
 * the war feature's class-file readers (ASM 8, xbean 4.17, SPI Fly 1.2.3) are replaced by the versions
 * Karaf 4.2.14 ships, because the old ones fail on Java 17 class files (see
 * karaf-jdk17-features-processing.xml).
 *
 * <p><b>Platform.</b> Karaf boots the features ONOS 2.7.0 boots (scr, war, webconsole, shell, ...); the
 * test then installs ONOS's own features in ONOS's boot order, defined in onos-2.7.0-platform-features.xml
 * with ONOS 2.7.0's third-party versions: onos-thirdparty-base and -web (guava 22, jackson 2.11, jersey
 * 2.27 with hk2, netty 4.1.35, kryo, atomix, ...), onos-api (onlab-misc, onlab-osgi, onlab-rest, onos-api),
 * onos-core-common and -serializers, onos-cli, onos-rest, the gRPC and P4Runtime protocol APIs with ONOS's
 * repackaged protobuf/gRPC bundles, and onos-drivers-p4runtime. All of them come from Maven Central through
 * Maven (karaf-maven-plugin); Karaf resolves offline. No stub bundle is needed: the Sixflow bundles import
 * only packages of these published bundles. Not published, hence absent: ONOS's core implementations
 * (onos-core-net, -dist, -primitives, -persistence) and the protocol controllers (grpc-ctl, p4runtime-ctl,
 * gnmi), so the services they register are missing; six repackaged gRPC bundles ONOS builds itself are
 * replaced by the upstream grpc-java 1.22.1 jars they are built from, wrapped as ONOS wraps jars.
 *
 * <p><b>Sixflow.</b> Each .oar's m2/ is staged into Karaf's system/ and the features repository its
 * app.xml names is added and its features installed, as ONOS does when it installs and activates an app;
 * then every bundle in the .oar is installed by its mvn: URL and started, so that Felix names its reason
 * for each one that fails. Every component named in the Sixflow bundles' Service-Component headers must be known to SCR, enabled, and either
 * satisfied or waiting only for ONOS core services (or for our services that themselves wait only for
 * those); the app's web context must be deployed; Flyway, run inside the container with its own OSGi
 * scanner, must find every migration the app bundle carries; Karaf's log must hold no error about Sixflow.
 */
public class OnosContainerIT {

    private static final String KARAF_VERSION = "4.2.9";
    private static final String FELIX_VERSION = "5.6.12";
    /**
     * ONOS 2.7.0's boot stages after Karaf's own features (its etc/org.apache.karaf.features.cfg), then
     * the protocol and driver apps that Sixflow's apps require, as far as they are published.
     */
    private static final List<String> PLATFORM_STAGES = List.of(
            "onos-thirdparty-base",
            "onos-api onos-core onos-cli onos-rest",
            "onos-protocols-grpc onos-protocols-p4runtime onos-drivers-p4runtime");
    private static final long WEB_DEPLOY_LIMIT_MS = 120_000;
    private static final Pattern INSTALL_FAILED = Pattern.compile("Unable to install bundle (\\S+): (.*)");
    /** bundle:start prints "Error starting bundle 216: Unable to resolve ..." (Felix's reason). */
    private static final Pattern START_FAILED = Pattern.compile("(?:Error starting|Unable to start) bundle (\\d+): (.*)");

    private static final String FLYWAY_URL = "mvn:org.flywaydb/flyway-core/";
    /** A migration a bundle carries on its class path: at the root or under WEB-INF/classes. */
    private static final Pattern MIGRATION = Pattern.compile("(?:WEB-INF/classes/)?(db/migration/[^/]+\\.sql)");
    private static final Pattern MIGRATION_NAME = Pattern.compile("db/migration/[^/,\\]\\s]+\\.sql");
    /** Gogo: Flyway 9.22.3's OsgiClassPathLocationScanner on the URL HistoryDatabase's class loader gives. */
    private static final String FLYWAY_SCAN = "s = ((($.context bundle %d) loadClass "
            + "org.flywaydb.core.internal.scanner.classpath.OsgiClassPathLocationScanner) newInstance) ; "
            + "cl = ((($.context bundle %d) loadClass org.sixflow.app.history.HistoryDatabase) getClassLoader) ; "
            + "echo ($s findResourceNames db/migration ($cl getResource db/migration))";

    private final List<String> problems = new ArrayList<>();
    private final StringBuilder summary = new StringBuilder();
    private KarafInstance karaf;

    @Test
    public void sixflowBundlesResolveStartAndDeclareTheirComponents() throws Exception {
        List<OnosAppArchive> apps = new ArrayList<>();
        for (String dir : property("sixflow.oar.dirs").split(",")) {
            apps.add(OnosAppArchive.findIn(Path.of(dir.trim())));
        }
        long start = System.nanoTime();
        try (KarafInstance instance = KarafInstance.start(
                Path.of(property("sixflow.karaf.home")), Path.of(property("sixflow.work")),
                List.of(Path.of(property("sixflow.onos.repo"))), Path.of(property("sixflow.platform.features")))) {
            karaf = instance;
            // Karaf boots its features in one stage: once ONOS's additions run, all do.
            karaf.awaitBootFeatures(List.of("webconsole", "scr", "war"));
            checkContainerVersions();
            installPlatform();
            for (OnosAppArchive app : apps) {
                app.stageInto(karaf.systemRepository());
            }
            installFeatures(apps);
            Map<String, String> startErrors = installAndStart(apps);
            Map<String, BundleRow> installed = checkBundles(apps, startErrors);
            checkComponents(apps, installed);
            checkWebContexts(apps, installed);
            checkFlywayFindsMigrations(apps, installed);
            checkLog();
        }
        summary.append(String.format("Wall time: %.0f s%n", (System.nanoTime() - start) / 1e9));
        System.out.print(summary);
        if (!problems.isEmpty()) {
            fail(problems.size() + " problem(s) with Sixflow in ONOS 2.7.0's container (Karaf " + KARAF_VERSION
                         + ", Felix " + FELIX_VERSION + "):\n  - " + String.join("\n  - ", problems)
                         + "\n" + summary);
        }
    }

    private void checkContainerVersions() throws IOException {
        assertEquals("Karaf version", KARAF_VERSION, karaf.execute("system:version").trim());
        BundleRow framework = bundles().get(0);
        assertEquals("bundle 0 is the framework: " + framework, 0, framework.id());
        assertEquals("Felix framework version", FELIX_VERSION, framework.version());
        summary.append("Karaf ").append(KARAF_VERSION).append(", Felix ").append(framework.version())
                .append(", Java ").append(Runtime.version()).append('\n');
    }

    // ONOS's own bundles must all resolve, or nothing said about Sixflow's would mean anything.
    private void installPlatform() throws IOException {
        for (String stage : PLATFORM_STAGES) {
            String out = karaf.execute("feature:install " + stage);
            if (out.contains("Error")) {
                fail("ONOS 2.7.0 platform features " + stage + " did not install:\n" + out);
            }
        }
        List<String> broken = new ArrayList<>();
        List<BundleRow> rows = bundles();
        for (BundleRow row : rows) {
            if (row.unresolved() || "Failure".equals(row.state())) {
                broken.add(row + ": " + karaf.execute("bundle:diag " + row.id()).trim());
            }
        }
        if (!broken.isEmpty()) {
            fail("ONOS 2.7.0 platform bundles did not resolve:\n" + String.join("\n", broken));
        }
        summary.append("ONOS platform: ").append(rows.size()).append(" bundles resolved\n");
    }

    // Installs every bundle of every archive by its mvn: URL (those the features brought in are there
    // already), then starts them, so that Felix names its reason for each one that fails; returns start
    // errors by URL.
    private Map<String, String> installAndStart(List<OnosAppArchive> apps) throws IOException {
        List<String> urls = apps.stream().flatMap(a -> a.bundles().stream()).map(OnosAppArchive.BundleJar::url)
                .collect(Collectors.toList());
        Matcher refused = INSTALL_FAILED.matcher(karaf.execute("bundle:install " + String.join(" ", urls)));
        while (refused.find()) {
            problems.add("not installed: " + refused.group(1) + ": " + refused.group(2));
        }
        Map<String, BundleRow> byLocation = byLocation(bundles());
        Map<Long, String> urlsById = new LinkedHashMap<>();
        for (OnosAppArchive app : apps) {
            for (OnosAppArchive.BundleJar jar : app.bundles()) {
                BundleRow row = byLocation.get(jar.url());
                if (row != null && !jar.fragment()) {
                    urlsById.put(row.id(), jar.url());
                }
            }
        }
        Map<String, String> startErrors = new LinkedHashMap<>();
        if (!urlsById.isEmpty()) {
            String out = karaf.execute("bundle:start " + urlsById.keySet().stream().map(String::valueOf)
                    .collect(Collectors.joining(" ")));
            Matcher failed = START_FAILED.matcher(out);
            while (failed.find()) {
                startErrors.put(urlsById.get(Long.parseLong(failed.group(1))), failed.group(2));
            }
        }
        return startErrors;
    }

    // As ONOS's ApplicationManager activates an app: add its features repository, install its features.
    // This comes first: Karaf ignores the osgi.service requirements of bundles that a v1.2.0 features
    // file brings in (ONOS's own features rely on that), not of bundles installed before on their own.
    private void installFeatures(List<OnosAppArchive> apps) throws IOException {
        for (OnosAppArchive app : apps) {
            String added = karaf.execute("feature:repo-add " + app.featuresRepository());
            String installed = karaf.execute("feature:install " + String.join(" ", app.features()));
            if ((added + installed).contains("Error")) {
                problems.add("ONOS could not activate " + app.name() + " (features " + app.features() + " from "
                                     + app.featuresRepository() + "): " + (added + installed).trim());
            }
        }
    }

    // Every bundle of every archive must be started (fragments resolved); returns the installed ones by URL.
    private Map<String, BundleRow> checkBundles(List<OnosAppArchive> apps, Map<String, String> startErrors)
            throws IOException {
        Map<String, BundleRow> byLocation = byLocation(bundles());
        Map<String, BundleRow> installed = new LinkedHashMap<>();
        for (OnosAppArchive app : apps) {
            for (OnosAppArchive.BundleJar jar : app.bundles()) {
                BundleRow row = byLocation.get(jar.url());
                if (row == null) {
                    continue;   // reported when the install was refused
                }
                installed.put(jar.url(), row);
                summary.append(String.format("  %-60s %s%n", row.location(), row.state()));
                boolean fine = jar.fragment() ? "Resolved".equals(row.state()) : row.started();
                if (!fine) {
                    problems.add(String.format("not %s: %s: %s%s", jar.fragment() ? "resolved" : "started", row,
                                               Optional.ofNullable(startErrors.get(jar.url()))
                                                       .map(e -> e + "\n    ").orElse(""),
                                               karaf.execute("bundle:diag " + row.id()).trim()
                                                       .replace("\n", "\n    ")));
                }
            }
        }
        return installed;
    }

    private void checkComponents(List<OnosAppArchive> apps, Map<String, BundleRow> installed) throws IOException {
        Map<String, ComponentDeclaration> declared = new LinkedHashMap<>();
        for (OnosAppArchive app : apps) {
            for (OnosAppArchive.BundleJar jar : app.bundles()) {
                if (installed.containsKey(jar.url())) {   // a refused bundle is reported already
                    jar.components().forEach(c -> declared.put(c.name(), c));
                }
            }
        }
        Map<String, ComponentState> known = ComponentState.parseList(karaf.execute("scr:list | head -n 100000"));
        List<String> waiting = new ArrayList<>();
        for (ComponentDeclaration component : declared.values()) {
            ComponentState state = known.get(component.name());
            if (state == null) {
                problems.add("component " + component.name() + " is declared but unknown to SCR");
            } else if (state.waitingForServices()) {
                waiting.add(component.name());
            } else if (!state.satisfied()) {
                problems.add("component " + state);
            }
        }
        Map<String, List<String>> lacking = new LinkedHashMap<>();
        if (!waiting.isEmpty()) {
            lacking.putAll(ComponentState.parseUnsatisfied(karaf.execute(waiting.stream()
                    .map(n -> "scr:info " + n + " | head -n 100000").collect(Collectors.joining(" ; ")))));
            waiting.forEach(n -> lacking.putIfAbsent(n, List.of()));
        }
        ComponentVerdicts.unexplained(declared, lacking).forEach((name, services) -> problems.add(
                "component " + name + " waits for services no ONOS core bundle provides: " + services));
        summary.append("SCR components declared by Sixflow bundles: ").append(declared.size()).append('\n');
        for (ComponentDeclaration component : declared.values()) {
            summary.append("  ").append(Optional.ofNullable(known.get(component.name()))
                                                .map(ComponentState::toString).orElse(component + " missing"));
            Optional.ofNullable(lacking.get(component.name())).ifPresent(l -> summary.append(" waits for ").append(l));
            summary.append('\n');
        }
    }

    // pax-web deploys a started bundle with a Web-ContextPath as a web application, asynchronously.
    private void checkWebContexts(List<OnosAppArchive> apps, Map<String, BundleRow> installed)
            throws IOException, InterruptedException {
        for (OnosAppArchive app : apps) {
            for (OnosAppArchive.BundleJar jar : app.bundles()) {
                BundleRow row = installed.get(jar.url());
                if (jar.webContextPath() != null && row != null && row.started()) {
                    checkWebContext(jar.webContextPath());
                }
            }
        }
    }

    private void checkWebContext(String context) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + WEB_DEPLOY_LIMIT_MS;
        String state = "absent";
        while (System.currentTimeMillis() < deadline) {
            state = ConsoleTable.rows(karaf.execute("web:list")).stream()
                    .filter(cells -> cells.length >= 5 && context.equals(cells[4]))
                    .map(cells -> cells[2]).findFirst().orElse("absent");
            if (state.equals("Deployed") || state.equals("Failed")) {
                break;
            }
            Thread.sleep(1_000);
        }
        summary.append("Web context ").append(context).append(": ").append(state).append('\n');
        if (!state.equals("Deployed")) {
            problems.add("web context " + context + " is " + state + " (pax-web's reason is in " + karaf.log() + ")");
        }
    }

    // HistoryDatabase migrates with Flyway.configure(HistoryDatabase's class loader) and "classpath:db/migration".
    // In OSGi, Flyway lists that location with its own OSGi scanner: run that very scanner in the container,
    // on the installed bundles, and compare with the migrations the app bundle carries.
    private void checkFlywayFindsMigrations(List<OnosAppArchive> apps, Map<String, BundleRow> installed)
            throws IOException {
        Optional<BundleRow> flyway = installed.entrySet().stream()
                .filter(e -> e.getKey().startsWith(FLYWAY_URL)).map(Map.Entry::getValue).findFirst();
        for (OnosAppArchive app : apps) {
            for (OnosAppArchive.BundleJar jar : app.bundles()) {
                List<String> carried = jar.entries().stream().map(MIGRATION::matcher).filter(Matcher::matches)
                        .map(m -> m.group(1)).distinct().sorted().collect(Collectors.toList());
                BundleRow bundle = installed.get(jar.url());
                if (carried.isEmpty() || bundle == null || !bundle.started() || flyway.isEmpty()
                        || !flyway.get().started()) {
                    continue;   // nothing to migrate, or a refusal reported above
                }
                String out = karaf.execute(String.format(FLYWAY_SCAN, flyway.get().id(), bundle.id()));
                List<String> found = new ArrayList<>();
                Matcher name = MIGRATION_NAME.matcher(out);
                while (name.find()) {
                    found.add(name.group());
                }
                summary.append("Flyway's OSGi scanner finds ").append(found.size()).append(" of the ")
                        .append(carried.size()).append(" migrations in ").append(jar.url()).append('\n');
                if (!found.containsAll(carried)) {
                    problems.add("Flyway's OSGi scanner finds " + found + " in " + jar.url() + ", which carries "
                                         + carried + (out.contains("Error") ? ": " + out.trim() : ""));
                }
            }
        }
    }

    private void checkLog() throws IOException {
        List<String> lines = Files.readAllLines(karaf.log(), StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.contains("| ERROR |") && line.toLowerCase().contains("sixflow")) {
                String cause = i + 1 < lines.size() ? "\n    " + lines.get(i + 1) : "";
                problems.add("Karaf logged: " + line + cause);
            }
        }
    }

    private List<BundleRow> bundles() throws IOException {
        return BundleRow.parse(karaf.execute("bundle:list -t 0 -l"));
    }

    private static Map<String, BundleRow> byLocation(List<BundleRow> rows) {
        Map<String, BundleRow> byLocation = new LinkedHashMap<>();
        rows.forEach(r -> byLocation.put(r.location(), r));
        return byLocation;
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + name + " is not set (run through mvn verify)");
        }
        return value;
    }
}
