// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/** Runs the commands of trials: the lab's hosts, links and ILNP endpoints (a fake in unit tests). */
interface CommandRunner {

    /** A command that ended: its exit code and what it printed. */
    final class Finished {
        final int exitCode;
        final String stdout;
        final String stderr;

        Finished(int exitCode, String stdout, String stderr) {
            this.exitCode = exitCode;
            this.stdout = stdout;
            this.stderr = stderr;
        }
    }

    /** A command still running. */
    interface Running {
        /**
         * Waits for it to end.
         *
         * @param timeout at most this long; then it is killed
         * @return how it ended
         * @throws IOException          if its output cannot be read
         * @throws InterruptedException if interrupted (it is killed)
         */
        Finished await(Duration timeout) throws IOException, InterruptedException;

        /** Whether it is still running. */
        boolean alive();

        /** Asks it to stop (SIGTERM), then kills it if it has not within a few seconds. */
        void stop();
    }

    /**
     * Starts a command.
     *
     * @param argv its words
     * @return the running command
     * @throws IOException if it cannot be started
     */
    Running start(List<String> argv) throws IOException;

    /**
     * Runs a command to its end.
     *
     * @param argv    its words
     * @param timeout at most this long; then it is killed
     * @return how it ended
     * @throws IOException          if it cannot be started
     * @throws InterruptedException if interrupted
     */
    default Finished run(List<String> argv, Duration timeout) throws IOException, InterruptedException {
        return start(argv).await(timeout);
    }
}
