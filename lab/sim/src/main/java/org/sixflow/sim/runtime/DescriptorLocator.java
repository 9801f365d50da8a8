// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Manifest;
import java.util.regex.Pattern;

/**
 * Finds bundles' component descriptors as SCR does: through each bundle's {@code Service-Component}
 * manifest header, whose comma-separated paths may end in a wildcard ({@code OSGI-INF/*.xml}).
 */
public final class DescriptorLocator {

    /** The manifest header that lists a bundle's descriptors. */
    public static final String SERVICE_COMPONENT = "Service-Component";

    private static final String MANIFEST = "META-INF/MANIFEST.MF";

    private DescriptorLocator() {
    }

    /**
     * Reads the descriptors of every bundle (jar or class directory) on a class loader that has a
     * {@code Service-Component} header.
     *
     * @param loader the class loader
     * @return the components, bundle by bundle in class path order
     * @throws IOException              when a manifest or descriptor cannot be read
     * @throws IllegalArgumentException when a descriptor is invalid or missing (the message says which)
     */
    public static List<ComponentDescriptor> fromClassLoader(ClassLoader loader) throws IOException {
        List<ComponentDescriptor> components = new ArrayList<>();
        // A jar on the path twice would otherwise contribute its components twice.
        Set<String> seen = new LinkedHashSet<>();
        Enumeration<URL> manifests = loader.getResources(MANIFEST);
        while (manifests.hasMoreElements()) {
            URL manifest = manifests.nextElement();
            if (seen.add(manifest.toExternalForm())) {
                components.addAll(fromBundle(bundleOf(manifest)));
            }
        }
        return components;
    }

    /**
     * Reads the descriptors of one bundle jar, wherever its classes are loaded from (an ONOS
     * application's web bundle keeps them under WEB-INF/classes).
     *
     * @param jar the bundle jar
     * @return its components, in header order
     * @throws IOException              when it cannot be read
     * @throws IllegalArgumentException when a descriptor is invalid or missing
     */
    public static List<ComponentDescriptor> fromJar(Path jar) throws IOException {
        return fromBundle(new JarBundleEntries(jar));
    }

    /**
     * Reads the descriptors of a bundle laid out in a directory (e.g. target/classes).
     *
     * @param directory the directory holding META-INF/MANIFEST.MF
     * @return its components, in header order
     * @throws IOException              when it cannot be read
     * @throws IllegalArgumentException when a descriptor is invalid or missing
     */
    public static List<ComponentDescriptor> fromDirectory(Path directory) throws IOException {
        return fromBundle(new DirectoryBundleEntries(directory));
    }

    private static BundleEntries bundleOf(URL manifest) throws IOException {
        switch (manifest.getProtocol()) {
            case "jar":
                JarURLConnection connection = (JarURLConnection) manifest.openConnection();
                return new JarBundleEntries(toPath(connection.getJarFileURL()));
            case "file":
                return new DirectoryBundleEntries(toPath(manifest).getParent().getParent());
            default:
                throw new IOException("Cannot read a bundle at " + manifest + " (only jars and directories)");
        }
    }

    private static Path toPath(URL url) throws IOException {
        try {
            return Paths.get(url.toURI());
        } catch (URISyntaxException e) {
            throw new IOException("Bad bundle location " + url, e);
        }
    }

    private static List<ComponentDescriptor> fromBundle(BundleEntries bundle) throws IOException {
        Manifest manifest;
        try (InputStream in = bundle.open(MANIFEST)) {
            if (in == null) {
                return Collections.emptyList();
            }
            manifest = new Manifest(in);
        }
        String header = manifest.getMainAttributes().getValue(SERVICE_COMPONENT);
        if (header == null || header.trim().isEmpty()) {
            return Collections.emptyList();
        }
        List<ComponentDescriptor> components = new ArrayList<>();
        for (String path : paths(bundle, header)) {
            try (InputStream xml = bundle.open(path)) {
                if (xml == null) {
                    throw new IllegalArgumentException(SERVICE_COMPONENT + " of " + bundle.describe()
                                                               + " names " + path + ", which it does not hold");
                }
                components.addAll(DescriptorParser.parse(xml, bundle.describe() + "!/" + path, bundle));
            }
        }
        return components;
    }

    private static List<String> paths(BundleEntries bundle, String header) throws IOException {
        List<String> paths = new ArrayList<>();
        for (String clause : header.split(",")) {
            // A clause may carry parameters after ';' (none that matter here).
            String path = clause.split(";")[0].trim();
            if (path.startsWith("/")) {
                path = path.substring(1);
            }
            if (path.isEmpty()) {
                continue;
            }
            int slash = path.lastIndexOf('/');
            String file = path.substring(slash + 1);
            if (file.contains("*")) {
                // As Bundle.findEntries: the wildcard applies to the last path segment only.
                String directory = slash < 0 ? "" : path.substring(0, slash + 1);
                Pattern pattern = glob(file);
                for (String entry : bundle.list(directory)) {
                    if (pattern.matcher(entry.substring(directory.length())).matches()) {
                        paths.add(entry);
                    }
                }
            } else {
                paths.add(path);
            }
        }
        return paths;
    }

    private static Pattern glob(String wildcard) {
        StringBuilder regex = new StringBuilder();
        for (String part : wildcard.split("\\*", -1)) {
            if (regex.length() > 0) {
                regex.append(".*");
            }
            regex.append(Pattern.quote(part));
        }
        return Pattern.compile(regex.toString());
    }

    /** A bundle jar. */
    private static final class JarBundleEntries implements BundleEntries {
        private final Path jar;

        JarBundleEntries(Path jar) {
            this.jar = jar;
        }

        @Override
        public String describe() {
            return jar.toString();
        }

        @Override
        public InputStream open(String path) throws IOException {
            java.util.jar.JarFile file = new java.util.jar.JarFile(jar.toFile());
            java.util.jar.JarEntry entry = file.getJarEntry(path);
            if (entry == null) {
                file.close();
                return null;
            }
            // Closing the stream closes the jar.
            return new java.io.FilterInputStream(file.getInputStream(entry)) {
                @Override
                public void close() throws IOException {
                    try {
                        super.close();
                    } finally {
                        file.close();
                    }
                }
            };
        }

        @Override
        public List<String> list(String directory) throws IOException {
            List<String> names = new ArrayList<>();
            try (java.util.jar.JarFile file = new java.util.jar.JarFile(jar.toFile())) {
                file.stream().map(java.util.jar.JarEntry::getName)
                        .filter(n -> n.startsWith(directory) && !n.endsWith("/")
                                && n.indexOf('/', directory.length()) < 0)
                        .forEach(names::add);
            }
            Collections.sort(names);
            return names;
        }
    }

    /** A bundle laid out in a directory. */
    private static final class DirectoryBundleEntries implements BundleEntries {
        private final Path root;

        DirectoryBundleEntries(Path root) {
            this.root = root;
        }

        @Override
        public String describe() {
            return root.toString();
        }

        @Override
        public InputStream open(String path) throws IOException {
            Path file = root.resolve(path);
            return Files.isRegularFile(file) ? Files.newInputStream(file) : null;
        }

        @Override
        public List<String> list(String directory) throws IOException {
            Path dir = root.resolve(directory);
            if (!Files.isDirectory(dir)) {
                return Collections.emptyList();
            }
            List<String> names = new ArrayList<>();
            try (java.util.stream.Stream<Path> files = Files.list(dir)) {
                files.filter(Files::isRegularFile).forEach(f -> names.add(directory + f.getFileName()));
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            Collections.sort(names);
            return names;
        }
    }
}
