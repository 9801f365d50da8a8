// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Reads the hand-written test descriptors under src/test/resources/descriptors. */
final class Descriptors {

    private Descriptors() {
    }

    /**
     * Parses descriptor resources.
     *
     * @param files file names under /descriptors
     * @return their components, in order
     */
    static List<ComponentDescriptor> of(String... files) {
        List<ComponentDescriptor> all = new ArrayList<>();
        for (String file : files) {
            String resource = "/descriptors/" + file;
            try (InputStream in = Descriptors.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalArgumentException("No test descriptor " + resource);
                }
                all.addAll(DescriptorParser.parse(in, resource));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return all;
    }
}
