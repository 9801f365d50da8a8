// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Puts the calling thread under Linux's SCHED_FIFO scheduler for a while, with util-linux's
 * {@code chrt} (the JVM has no call for it). The pacer needs it on a busy host: under the normal
 * scheduler its thread waits for a core behind the switches, the database and the controller's own
 * threads, and each wait is a late probe (the 2-core lab: interval error p99 0.7-4 ms; with the
 * pacer at SCHED_FIFO 58-680 µs). Needs CAP_SYS_NICE (root in the lab); without it, or off
 * Linux, the thread stays as it was and {@link Raised#refusal()} says why.
 */
public final class RealtimeThread {

    /** Runs a command, returning its exit status and output. */
    @FunctionalInterface
    public interface Commands {
        /**
         * Runs the command to its end.
         *
         * @param command program and arguments
         * @return exit status and output
         * @throws IOException if it cannot run
         */
        Result run(List<String> command) throws IOException;
    }

    /** A command's exit status and its output (standard output and error together). */
    public static final class Result {
        final int status;
        final String output;

        /**
         * Creates a result.
         *
         * @param status exit status
         * @param output what it printed
         */
        public Result(int status, String output) {
            this.status = status;
            this.output = output;
        }
    }

    /** The raised thread; closing it puts the thread back under the normal scheduler. */
    public interface Raised extends AutoCloseable {
        /**
         * Returns why the thread could not be raised.
         *
         * @return the reason; null when the thread runs at the priority asked for (or none was asked)
         */
        String refusal();

        @Override
        void close();
    }

    /** Linux's highest SCHED_FIFO priority. */
    public static final int MAX_PRIORITY = 99;

    /** A raise's outcome: the reason it was refused (null if none) and how to undo it. */
    private static final class Outcome implements Raised {
        private final String refusal;
        private final Runnable undo;

        Outcome(String refusal, Runnable undo) {
            this.refusal = refusal;
            this.undo = undo;
        }

        @Override
        public String refusal() {
            return refusal;
        }

        @Override
        public void close() {
            undo.run();
        }
    }

    private static final Raised UNCHANGED = new Outcome(null, () -> { });

    private final Path threadSelf;
    private final Commands commands;

    /**
     * Creates the helper over a /proc and a way to run commands (tests give their own).
     *
     * @param threadSelf the /proc/thread-self link (its target ends in the thread's id)
     * @param commands   how to run chrt
     */
    public RealtimeThread(Path threadSelf, Commands commands) {
        this.threadSelf = checkNotNull(threadSelf);
        this.commands = checkNotNull(commands);
    }

    /**
     * Returns the helper over this system's /proc and processes.
     *
     * @return the helper
     */
    public static RealtimeThread system() {
        return new RealtimeThread(Paths.get("/proc/thread-self"), RealtimeThread::runProcess);
    }

    /**
     * Puts the calling thread at SCHED_FIFO priority until the result is closed.
     *
     * @param priority 1-99; 0 leaves the thread alone
     * @return the raised thread, or an unchanged one that says why (never throws)
     */
    public Raised raise(int priority) {
        checkArgument(priority >= 0 && priority <= MAX_PRIORITY,
                      "a SCHED_FIFO priority is 1 to " + MAX_PRIORITY + " (0: unchanged)");
        if (priority == 0) {
            return UNCHANGED;
        }
        String tid;
        try {
            tid = Files.readSymbolicLink(threadSelf).getFileName().toString();
        } catch (IOException | UnsupportedOperationException e) {
            return refused("no thread id (" + threadSelf + ": " + e.getMessage() + ")");
        }
        String failed = chrt(List.of("chrt", "-f", "-p", Integer.toString(priority), tid));
        if (failed != null) {
            return refused(failed);
        }
        // Pool threads are reused: the next task must not inherit the priority.
        return new Outcome(null, () -> chrt(List.of("chrt", "-o", "-p", "0", tid)));
    }

    private String chrt(List<String> command) {
        try {
            Result result = commands.run(command);
            return result.status == 0 ? null
                    : String.join(" ", command) + " exited with " + result.status + ": " + result.output.trim();
        } catch (IOException e) {
            return String.join(" ", command) + " did not run: " + e.getMessage();
        }
    }

    private static Raised refused(String reason) {
        return new Outcome(reason, () -> { });
    }

    /**
     * Returns a raise that changed nothing and undoes nothing (priority 0).
     *
     * @return the unchanged thread
     */
    public static Raised unchanged() {
        return UNCHANGED;
    }

    private static Result runProcess(List<String> command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Result(-1, "no answer in 5 s");
            }
            return new Result(process.exitValue(),
                              new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
    }
}
