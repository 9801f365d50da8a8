// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.postgres;


import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway PostgreSQL server on a free loopback port, in a temporary folder, from Debian's
 * binaries (make test installs them; SIXFLOW_PG_BIN names another bin folder). Closing it stops
 * the server and deletes its folder. Tests fail, never skip, when the binaries are missing.
 *
 * <p>PostgreSQL refuses to run as root: as root, the server runs as user postgres.
 */
public final class LocalPostgres implements AutoCloseable {

    private final File binDir;
    private final File dataDir;
    private final int port;
    private final boolean durableCommits;
    private boolean running;

    private LocalPostgres(File binDir, File dataDir, int port, boolean durableCommits) {
        this.binDir = binDir;
        this.dataDir = dataDir;
        this.port = port;
        this.durableCommits = durableCommits;
    }

    /**
     * Creates a cluster and starts it.
     *
     * @return the running server
     * @throws IOException if PostgreSQL cannot be found, initialised or started
     */
    public static LocalPostgres start() throws IOException {
        return start(false);
    }

    /**
     * Creates a cluster and starts it.
     *
     * @param durableCommits whether a commit waits for its WAL to be written (PostgreSQL's
     *                       default, synchronous_commit=on), as tests that crash the server
     *                       need; otherwise commits return at once and a crash may lose the last
     *                       ones, which is faster
     * @return the running server
     * @throws IOException if PostgreSQL cannot be found, initialised or started
     */
    public static LocalPostgres start(boolean durableCommits) throws IOException {
        File binDir = findBinDir();
        File base = Files.createTempDirectory("sixflow-pg").toFile();
        File dataDir = new File(base, "data");
        LocalPostgres server = new LocalPostgres(binDir, dataDir, freePort(), durableCommits);
        if (isRoot()) {
            run("chown", "-R", "postgres:postgres", base.getAbsolutePath());
        }
        server.pg("initdb", "-D", dataDir.getAbsolutePath(), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                  "--no-sync");
        server.startServer();
        return server;
    }

    /**
     * Starts the server again after {@link #stopServer()}, on the same port and data.
     *
     * @throws IOException if it does not start
     */
    public void startServer() throws IOException {
        pg("pg_ctl", "-D", dataDir.getAbsolutePath(), "-w", "-t", "60", "-l",
           new File(dataDir.getParentFile(), "server.log").getAbsolutePath(), "-o",
           "-p " + port + " -c listen_addresses=127.0.0.1 -k " + dataDir.getParentFile().getAbsolutePath()
                   + " -c fsync=off -c full_page_writes=off -c synchronous_commit=" + (durableCommits ? "on" : "off"),
           "start");
        running = true;
    }

    /**
     * Stops the server (fast shutdown), keeping its data.
     *
     * @throws IOException if it does not stop
     */
    public void stopServer() throws IOException {
        if (running) {
            pg("pg_ctl", "-D", dataDir.getAbsolutePath(), "-w", "-m", "fast", "stop");
            running = false;
        }
    }

    /**
     * Stops the server the way a crash or a power cut would (immediate shutdown: no checkpoint,
     * clients cut off mid-statement), keeping its data; {@link #startServer()} recovers it.
     *
     * @throws IOException if it does not stop
     */
    public void crash() throws IOException {
        if (running) {
            pg("pg_ctl", "-D", dataDir.getAbsolutePath(), "-w", "-m", "immediate", "stop");
            running = false;
        }
    }

    /**
     * The JDBC URL of the server's {@code postgres} database (user {@code postgres}, no password).
     *
     * @return the URL
     */
    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    /**
     * The loopback port the server listens on.
     *
     * @return the port
     */
    public int port() {
        return port;
    }

    @Override
    public void close() throws IOException {
        try {
            stopServer();
        } finally {
            deleteRecursively(dataDir.getParentFile());
        }
    }

    private void pg(String tool, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        if (isRoot()) {
            command.addAll(Arrays.asList("runuser", "-u", "postgres", "--"));
        }
        command.add(new File(binDir, tool).getAbsolutePath());
        command.addAll(Arrays.asList(args));
        run(command.toArray(new String[0]));
    }

    private static void run(String... command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("Timed out: " + String.join(" ", command));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted: " + String.join(" ", command), e);
        }
        if (process.exitValue() != 0) {
            throw new IOException("Failed (" + process.exitValue() + "): " + String.join(" ", command) + "\n"
                                          + output);
        }
    }

    private static File findBinDir() throws IOException {
        String override = System.getenv("SIXFLOW_PG_BIN");
        if (override != null && new File(override, "pg_ctl").canExecute()) {
            return new File(override);
        }
        File[] versions = new File("/usr/lib/postgresql").listFiles();
        if (versions != null) {
            return Arrays.stream(versions)
                    .map(version -> new File(version, "bin"))
                    .filter(bin -> new File(bin, "pg_ctl").canExecute())
                    .max(Comparator.comparingDouble(bin -> version(bin.getParentFile().getName())))
                    .orElseThrow(() -> new IOException("No PostgreSQL server binaries: run `make test`, "
                                                               + "which installs Debian's postgresql"));
        }
        throw new IOException("No /usr/lib/postgresql: run `make test`, which installs Debian's postgresql");
    }

    private static double version(String name) {
        try {
            return Double.parseDouble(name);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void deleteRecursively(File file) {
        File[] children = file.listFiles();
        if (children != null) {
            for (File child : children) {
                deleteRecursively(child);
            }
        }
        file.delete();
    }
}
