// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.codegen;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The source hash a profile's artifacts for a target must carry, from {@code build-p4.sh --hash}
 * itself (one implementation: the preprocessed program with the profile's flags and the
 * compiler's version line; it needs cpp, not p4c).
 */
public final class SourceHash {

    private SourceHash() {
    }

    /**
     * Returns the source hash of a profile's program for a target.
     *
     * @param profile the profile (profiles.json)
     * @param target  bmv2 or tofino
     * @return lower-case hex sha256
     * @throws IllegalStateException with build-p4.sh's own message when it cannot hash
     */
    public static String of(String profile, String target) {
        File script = new File(PipeconfPaths.MODULE, "build-p4.sh");
        try {
            Process process = new ProcessBuilder("bash", script.getAbsolutePath(), "--hash", profile, target)
                    .redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0 || !output.matches("[0-9a-f]{64}")) {
                throw new IllegalStateException("build-p4.sh --hash " + profile + " " + target + " failed: " + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
