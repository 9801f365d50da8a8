// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.onosproject.net.pi.model.PiPipeconfId;

import java.net.URL;
import java.util.Optional;

/**
 * The compiler output that came with a registered Sixflow pipeconf beyond what ONOS needs to
 * program a device: the compiler's reports and version. Readers (e.g. of the Tofino resource
 * report) ask here instead of knowing whether the bundle or a folder on disk holds the output.
 */
public interface CompilerOutputService {

    /**
     * Returns one file of a registered pipeconf's compiler output.
     *
     * @param pipeconfId the pipeconf
     * @param path       file path inside the compiler's output folder, e.g.
     *                   {@link SixflowPipeconfs#TOFINO_RESOURCES_FILE}; no absolute path, no ".."
     * @return the file; empty when this bundle did not register the pipeconf or its output lacks
     *         the file
     * @throws IllegalArgumentException if the path leaves the output folder
     */
    Optional<URL> compilerFile(PiPipeconfId pipeconfId, String path);
}
