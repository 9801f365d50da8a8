// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.onlab.junit.TestUtils;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.rest.AuthorizationFilter;
import org.onlab.rest.BaseResource;

import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * What a Jetty server running Sixflow's REST application and dashboard servlet outside ONOS needs
 * (the e2e dashboard harness and the bmv2 lab's web server): services for ONOS's REST base class,
 * no authentication, and a built dashboard served from a folder.
 */
public final class WebHarness {

    private WebHarness() {
    }

    /**
     * Hands services to ONOS's REST base class, which resources look them up in, and turns off
     * its authorization filter (requests are not authenticated).
     *
     * @param services the directory resources look services up in
     */
    public static void serveRestFrom(ServiceDirectory services) {
        try {
            TestUtils.setField(BaseResource.class, "services", services);
        } catch (TestUtils.TestUtilsException e) {
            throw new IllegalStateException("Cannot hand services to ONOS's REST base class", e);
        }
        AuthorizationFilter.disableForTests();
    }

    /**
     * Returns the files of a folder by their path inside it, for the dashboard servlet: a path
     * that leaves the folder or names no regular file finds nothing.
     *
     * @param folder the built dashboard's folder
     * @return path inside the folder to the file's URL
     */
    public static Function<String, Optional<URL>> filesUnder(Path folder) {
        Path root = folder.toAbsolutePath().normalize();
        return path -> {
            Path file = root.resolve(path).normalize();
            try {
                return file.startsWith(root) && Files.isRegularFile(file) ? Optional.of(file.toUri().toURL())
                        : Optional.empty();
            } catch (MalformedURLException e) {
                return Optional.empty();
            }
        };
    }
}
