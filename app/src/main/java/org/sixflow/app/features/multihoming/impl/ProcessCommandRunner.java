// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Runs commands as processes of ONOS's JVM, reading their output as they write it. */
final class ProcessCommandRunner implements CommandRunner {

    /** Most output kept of a command (iperf3's JSON of a minute's trial is well below). */
    static final int MAX_OUTPUT = 8 << 20;
    private static final long STOP_GRACE_MS = 3_000;

    @Override
    public Running start(List<String> argv) throws IOException {
        Process process = new ProcessBuilder(argv).start();
        process.getOutputStream().close();
        // A thread per stream: the common pool has one worker on a two-core machine, and a command
        // that fills one pipe while the other is not read would never end.
        FutureTask<String> out = reader(process.getInputStream(), argv.get(0) + " stdout");
        FutureTask<String> err = reader(process.getErrorStream(), argv.get(0) + " stderr");
        return new Running() {
            @Override
            public Finished await(Duration timeout) throws IOException, InterruptedException {
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly().waitFor(STOP_GRACE_MS, TimeUnit.MILLISECONDS);
                    throw new IOException(argv.get(0) + " did not end within " + timeout.toSeconds() + " s");
                }
                try {
                    return new Finished(process.exitValue(), out.get(STOP_GRACE_MS, TimeUnit.MILLISECONDS),
                                        err.get(STOP_GRACE_MS, TimeUnit.MILLISECONDS));
                } catch (ExecutionException | TimeoutException e) {
                    throw new IOException("cannot read the output of " + argv.get(0), e);
                }
            }

            @Override
            public boolean alive() {
                return process.isAlive();
            }

            @Override
            public void stop() {
                process.destroy();
                try {
                    if (!process.waitFor(STOP_GRACE_MS, TimeUnit.MILLISECONDS)) {
                        process.destroyForcibly().waitFor(STOP_GRACE_MS, TimeUnit.MILLISECONDS);
                    }
                } catch (InterruptedException e) {
                    process.destroyForcibly();
                    Thread.currentThread().interrupt();
                }
            }
        };
    }

    private static FutureTask<String> reader(InputStream in, String name) {
        FutureTask<String> task = new FutureTask<>(() -> drain(in));
        Thread thread = new Thread(task, "sixflow-study-" + name);
        thread.setDaemon(true);
        thread.start();
        return task;
    }

    private static String drain(InputStream in) {
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try (in) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                if (kept.size() < MAX_OUTPUT) {
                    kept.write(buffer, 0, Math.min(n, MAX_OUTPUT - kept.size()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return kept.toString(StandardCharsets.UTF_8);
    }
}
