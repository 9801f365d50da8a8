// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.osgi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A headless Karaf started from a copy of the distribution under the build directory, driven with the
 * distribution's own client ({@code bin/client}) over its SSH console on loopback, and stopped at close.
 */
final class KarafInstance implements AutoCloseable {

    /** The console user the distribution's etc/users.properties defines. */
    private static final String USER = "karaf";
    private static final long COMMAND_LIMIT_SECONDS = 300;
    private static final long STOP_LIMIT_SECONDS = 60;
    private static final long BOOT_LIMIT_SECONDS = 300;
    private static final int SESSION_ATTEMPTS = 10;
    private static final Pattern DROPPED_SESSION = Pattern.compile("\\s*(Session is closed|Closed)\\s*");
    private static final Pattern TERMINAL_CODES = Pattern.compile("\u001B\\[[0-9;]*[A-Za-z]");
    /** What bin/client prints besides the command's output. */
    private static final Pattern CLIENT_NOISE =
            Pattern.compile("(?m)^(\\w+: JAVA_HOME not set.*|retrying \\(attempt \\d+\\) \\.\\.\\.)\\R");

    private final Path home;
    private final KarafPorts ports;
    private final Process karaf;
    private final Thread stopOnExit;

    private KarafInstance(Path home, KarafPorts ports, Process karaf) {
        this.home = home;
        this.ports = ports;
        this.karaf = karaf;
        // Should the test JVM die before close(), its Karaf must not outlive it.
        this.stopOnExit = new Thread(this::kill, "stop-karaf");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
    }

    /**
     * Copies the distribution to {@code home}, configures it and starts it as a server.
     *
     * @param distribution     the unpacked Karaf distribution (left untouched)
     * @param home             where the instance lives; emptied first
     * @param repositories     Maven-layout directories besides system/ that bundles come from
     * @param platformFeatures the ONOS platform features file
     * @return the running instance
     * @throws IOException when the copy, the configuration or the start fails
     */
    static KarafInstance start(Path distribution, Path home, List<Path> repositories, Path platformFeatures)
            throws IOException {
        delete(home);
        copy(distribution, home);
        KarafPorts ports = KarafPorts.pickFree();
        KarafConfiguration.apply(home, ports, repositories, platformFeatures);
        ProcessBuilder server = new ProcessBuilder("/bin/sh", "bin/karaf", "server")
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(home.resolve("console.out").toFile());
        environment(server.environment());
        return new KarafInstance(home, ports, server.start());
    }

    /**
     * Runs one console command through {@code bin/client} and returns what it printed, without terminal
     * colours. The client retries its connection while Karaf is still starting its SSH console.
     *
     * @param command a Karaf console command line
     * @return the command's output (errors included, as the console prints them)
     * @throws IOException when the client cannot be run or does not finish in time
     */
    String execute(String command) throws IOException {
        for (int attempt = 1; ; attempt++) {
            String output = executeOnce(command);
            // Karaf restarts its SSH console when a feature install refreshes the console's bundles; a
            // session cut that way printed nothing, and every command sent here may be sent again.
            if (!DROPPED_SESSION.matcher(output).matches() || attempt == SESSION_ATTEMPTS) {
                return output;
            }
            pause();
        }
    }

    /**
     * Waits until Karaf has started its boot features.
     *
     * @param features features etc/org.apache.karaf.features.cfg boots (as {@code feature:list} names them)
     * @throws IOException when they are not all started within the limit
     */
    void awaitBootFeatures(List<String> features) throws IOException {
        long deadline = System.currentTimeMillis() + TimeUnit.SECONDS.toMillis(BOOT_LIMIT_SECONDS);
        String installed = "";
        while (System.currentTimeMillis() < deadline) {
            installed = execute("feature:list -i");
            String listing = installed;
            if (features.stream().allMatch(f -> Pattern.compile("(?m)^\\s*" + Pattern.quote(f)
                    + "\\s*\\|.*\\|\\s*Started\\s*\\|").matcher(listing).find())) {
                return;
            }
            pause();
        }
        throw new IOException("Karaf did not start its boot features " + features + "; installed:\n" + installed);
    }

    private static void pause() throws IOException {
        try {
            Thread.sleep(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private String executeOnce(String command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(
                "/bin/sh", "bin/client", "-h", "127.0.0.1", "-a", String.valueOf(ports.ssh()),
                "-u", USER, "-p", USER, "-r", "120", "-d", "1", command)
                .directory(home.toFile())
                .redirectErrorStream(true);
        environment(builder.environment());
        Process client = builder.start();
        try {
            // The client ends its session as soon as its standard input closes, so that stays open
            // until the command has finished and the client has exited.
            byte[] output = client.getInputStream().readAllBytes();
            if (!client.waitFor(COMMAND_LIMIT_SECONDS, TimeUnit.SECONDS)) {
                client.destroyForcibly();
                throw new IOException("Karaf console command did not finish: " + command);
            }
            String text = new String(output, StandardCharsets.UTF_8);
            return CLIENT_NOISE.matcher(TERMINAL_CODES.matcher(text).replaceAll("")).replaceAll("");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            client.destroyForcibly();
            throw new IOException("interrupted running " + command, e);
        } finally {
            client.getOutputStream().close();
        }
    }

    /**
     * Returns Karaf's log file.
     *
     * @return data/log/karaf.log of this instance
     */
    Path log() {
        return home.resolve("data/log/karaf.log");
    }

    /**
     * Returns the instance's system repository, where ONOS stages the m2/ of every .oar.
     *
     * @return the system/ directory
     */
    Path systemRepository() {
        return home.resolve("system");
    }

    /** Shuts Karaf down through its console, and kills it if it does not stop. */
    @Override
    public void close() {
        List<ProcessHandle> started = processes();
        try {
            execute("system:shutdown -f");
            for (ProcessHandle process : started) {
                process.onExit().get(STOP_LIMIT_SECONDS, TimeUnit.SECONDS);
            }
        } catch (IOException | ExecutionException | TimeoutException e) {
            // Killed below.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            kill();
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        }
    }

    // bin/karaf runs the JVM as its child: the script and its descendants are the processes we started.
    private List<ProcessHandle> processes() {
        List<ProcessHandle> processes = new ArrayList<>();
        processes.add(karaf.toHandle());
        karaf.descendants().forEach(processes::add);
        return processes;
    }

    private void kill() {
        processes().forEach(ProcessHandle::destroyForcibly);
    }

    private static void environment(Map<String, String> env) {
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("JAVA_MAX_MEM", "1024M");
        // The copied distribution records no other instance, but never let the script refuse to start.
        env.put("CHECK_ROOT_INSTANCE_RUNNING", "false");
        env.remove("KARAF_HOME");
        env.remove("KARAF_BASE");
        env.remove("KARAF_DATA");
        env.remove("KARAF_ETC");
    }

    /**
     * Copies a directory tree, keeping file modes (bin/ scripts stay executable).
     *
     * @param from the source directory
     * @param to   the target directory
     * @throws IOException when a file cannot be copied
     */
    static void copy(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES,
                           StandardCopyOption.REPLACE_EXISTING, LinkOption.NOFOLLOW_LINKS);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
