// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** The entries of one bundle (a jar or a class directory), as SCR reads them through its Bundle. */
interface BundleEntries {

    /**
     * Describes the bundle for messages.
     *
     * @return e.g. the jar's path
     */
    String describe();

    /**
     * Opens an entry.
     *
     * @param path the entry path, e.g. "OSGI-INF/Foo.xml"
     * @return the entry's content, or null if the bundle has no such entry
     * @throws IOException if it cannot be read
     */
    InputStream open(String path) throws IOException;

    /**
     * Lists the entries of a directory (not recursively).
     *
     * @param directory the directory path, "" for the root
     * @return entry paths, sorted
     * @throws IOException if the bundle cannot be listed
     */
    List<String> list(String directory) throws IOException;
}
