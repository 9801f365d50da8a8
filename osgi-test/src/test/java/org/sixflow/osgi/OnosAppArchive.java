// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.osgi;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.SAXException;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * An ONOS application archive (.oar) as ONOS's ApplicationArchive reads it: app.xml names the features
 * repository and features to install; m2/ holds the bundles in Maven layout, staged into Karaf's system/.
 */
final class OnosAppArchive {

    private static final String M2 = "m2/";

    private final Path file;
    private final String name;
    private final String featuresRepository;
    private final List<String> features;
    private final List<BundleJar> bundles;

    private OnosAppArchive(Path file, String name, String featuresRepository, List<String> features,
                           List<BundleJar> bundles) {
        this.file = file;
        this.name = name;
        this.featuresRepository = featuresRepository;
        this.features = features;
        this.bundles = bundles;
    }

    /**
     * Finds the one .oar a module's build directory holds.
     *
     * @param targetDir a module's target/ directory
     * @return the archive
     * @throws IOException when there is no .oar, or more than one
     */
    static OnosAppArchive findIn(Path targetDir) throws IOException {
        List<Path> found = new ArrayList<>();
        if (Files.isDirectory(targetDir)) {
            try (DirectoryStream<Path> oars = Files.newDirectoryStream(targetDir, "*.oar")) {
                oars.forEach(found::add);
            }
        }
        if (found.size() != 1) {
            throw new IOException("expected one .oar in " + targetDir + " (run the module's package phase), found "
                                          + found);
        }
        return read(found.get(0));
    }

    /**
     * Reads an archive.
     *
     * @param oar the .oar file
     * @return what it holds
     * @throws IOException when it cannot be read or its app.xml is not XML
     */
    static OnosAppArchive read(Path oar) throws IOException {
        try (ZipFile zip = new ZipFile(oar.toFile())) {
            ZipEntry appXml = zip.getEntry("app.xml");
            if (appXml == null) {
                throw new IOException(oar + " has no app.xml");
            }
            Element app = parse(zip.getInputStream(appXml).readAllBytes()).getDocumentElement();
            List<BundleJar> bundles = new ArrayList<>();
            for (ZipEntry entry : Collections.list(zip.entries())) {
                if (entry.getName().startsWith(M2) && entry.getName().endsWith(".jar")) {
                    bundles.add(bundle(entry.getName().substring(M2.length()), zip.getInputStream(entry)));
                }
            }
            return new OnosAppArchive(oar, app.getAttribute("name"), app.getAttribute("featuresRepo"),
                                      Arrays.asList(app.getAttribute("features").split(",")), bundles);
        }
    }

    /**
     * Copies the archive's m2/ into a Maven-layout repository, as ONOS does into Karaf's system/ when an
     * app is installed.
     *
     * @param repository the repository root
     * @throws IOException when a file cannot be written
     */
    void stageInto(Path repository) throws IOException {
        try (ZipFile zip = new ZipFile(file.toFile())) {
            for (ZipEntry entry : Collections.list(zip.entries())) {
                if (entry.getName().startsWith(M2) && !entry.isDirectory()) {
                    Path target = repository.resolve(entry.getName().substring(M2.length()));
                    Files.createDirectories(target.getParent());
                    try (InputStream in = zip.getInputStream(entry)) {
                        Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        }
    }

    String name() {
        return name;
    }

    String featuresRepository() {
        return featuresRepository;
    }

    List<String> features() {
        return features;
    }

    List<BundleJar> bundles() {
        return bundles;
    }

    private static BundleJar bundle(String path, InputStream jar) throws IOException {
        try (JarInputStream in = new JarInputStream(jar)) {
            Manifest manifest = in.getManifest();
            Attributes main = manifest != null ? manifest.getMainAttributes() : new Attributes();
            List<String> declared = header(main, "Service-Component");
            List<ComponentDeclaration> components = new ArrayList<>();
            List<String> entries = new ArrayList<>();
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                entries.add(entry.getName());
                if (declared.contains(entry.getName())) {
                    components.add(ComponentDeclaration.parse(parse(in.readAllBytes()).getDocumentElement()));
                }
            }
            if (components.size() != declared.size()) {
                throw new IOException(path + " declares " + declared + " but holds only " + components);
            }
            String symbolicName = main.getValue("Bundle-SymbolicName");
            return new BundleJar(mavenUrl(path), symbolicName == null ? null : symbolicName.split(";")[0].trim(),
                                 main.getValue("Fragment-Host") != null, main.getValue("Web-ContextPath"),
                                 components, entries);
        }
    }

    private static List<String> header(Attributes main, String name) {
        String value = main.getValue(name);
        if (value == null || value.isBlank()) {
            return List.of();
        }
        List<String> entries = new ArrayList<>();
        for (String entry : value.split(",")) {
            entries.add(entry.trim());
        }
        return entries;
    }

    // m2/org/sixflow/sixflow-app/0.1.0-SNAPSHOT/sixflow-app-0.1.0-SNAPSHOT.jar -> mvn:org.sixflow/sixflow-app/0.1.0-SNAPSHOT
    static String mavenUrl(String repositoryPath) {
        String[] parts = repositoryPath.split("/");
        int n = parts.length;
        String version = parts[n - 2];
        String artifact = parts[n - 3];
        String group = String.join(".", Arrays.copyOf(parts, n - 3));
        String plain = artifact + "-" + version;
        String fileName = parts[n - 1].substring(0, parts[n - 1].length() - ".jar".length());
        String url = "mvn:" + group + "/" + artifact + "/" + version;
        return fileName.equals(plain) ? url : url + "/jar/" + fileName.substring(plain.length() + 1);
    }

    static Document parse(byte[] xml) throws IOException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("not XML: " + e.getMessage(), e);
        }
    }

    /** One bundle of an archive. */
    static final class BundleJar {
        private final String url;
        private final String symbolicName;
        private final boolean fragment;
        private final String webContextPath;
        private final List<ComponentDeclaration> components;
        private final List<String> entries;

        BundleJar(String url, String symbolicName, boolean fragment, String webContextPath,
                  List<ComponentDeclaration> components, List<String> entries) {
            this.url = url;
            this.symbolicName = symbolicName;
            this.fragment = fragment;
            this.webContextPath = webContextPath;
            this.components = List.copyOf(components);
            this.entries = List.copyOf(entries);
        }

        /** @return its mvn: URL, the bundle location once installed */
        String url() {
            return url;
        }

        /** @return its Bundle-SymbolicName, or null when the jar is no bundle */
        String symbolicName() {
            return symbolicName;
        }

        /** @return whether it is a fragment (never started on its own) */
        boolean fragment() {
            return fragment;
        }

        /** @return its Web-ContextPath (a web application bundle), or null */
        String webContextPath() {
            return webContextPath;
        }

        /** @return the SCR components its Service-Component header declares */
        List<ComponentDeclaration> components() {
            return components;
        }

        /** @return the names of the files in the jar */
        List<String> entries() {
            return entries;
        }
    }
}
