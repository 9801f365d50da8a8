// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.glassfish.jersey.server.ResourceConfig;
import org.sixflow.app.api.SixflowFeature;
import org.sixflow.app.rest.SixflowWebApplication;
import org.sixflow.app.rest.features.FeatureCatalog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Every feature the app's classes hold, found as OSGi would offer them (each slice's
 * features/&lt;f&gt;/rest/*Feature component), without a list a new feature must join: what the
 * REST tests, the OpenAPI export and the demo serve.
 */
public final class AllFeatures {

    private static volatile List<SixflowFeature> all;

    private AllFeatures() {
    }

    /**
     * Returns every feature, by name.
     *
     * @return one instance of each feature's descriptor
     */
    public static List<SixflowFeature> list() {
        List<SixflowFeature> found = all;
        if (found == null) {
            found = scan();
            all = found;
        }
        return found;
    }

    /**
     * Puts every feature into the shared catalog the REST application reads (once).
     */
    public static synchronized void load() {
        FeatureCatalog catalog = FeatureCatalog.shared();
        List<String> loaded = catalog.features().stream().map(SixflowFeature::name).collect(Collectors.toList());
        list().stream().filter(f -> !loaded.contains(f.name())).forEach(catalog::add);
    }

    /**
     * Returns the REST application with every feature.
     *
     * @return Jersey's configuration of {@link SixflowWebApplication}
     */
    public static ResourceConfig application() {
        load();
        return ResourceConfig.forApplicationClass(SixflowWebApplication.class);
    }

    private static List<SixflowFeature> scan() {
        Path classes;
        try {
            classes = Path.of(SixflowFeature.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Path features = classes.resolve("org/sixflow/app/features");
        List<SixflowFeature> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(features)) {
            for (Path slice : files.sorted().collect(Collectors.toList())) {
                Path rest = slice.resolve("rest");
                if (!Files.isDirectory(rest)) {
                    continue;
                }
                try (Stream<Path> descriptors = Files.list(rest)) {
                    for (Path file : descriptors.filter(f -> f.getFileName().toString().endsWith("Feature.class"))
                            .collect(Collectors.toList())) {
                        found.add(instantiate(classes.relativize(file)));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + features, e);
        }
        if (found.isEmpty()) {
            throw new IllegalStateException("no feature found under " + features);
        }
        found.sort((a, b) -> a.name().compareTo(b.name()));
        return List.copyOf(found);
    }

    private static SixflowFeature instantiate(Path classFile) {
        String name = classFile.toString().replace('/', '.').replaceAll("\\.class$", "");
        try {
            return (SixflowFeature) Class.forName(name).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make " + name, e);
        }
    }
}
