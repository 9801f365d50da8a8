// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.sixflow.app.config.DatabaseSettings;
import org.sixflow.sim.postgres.LocalPostgres;

import java.io.IOException;

/**
 * A throwaway PostgreSQL for the app's tests: lab/sim's {@link LocalPostgres} (the demo's own),
 * with the settings the app's history database opens with. Tests fail, never skip, when Debian's
 * PostgreSQL binaries are missing (make test installs them).
 */
public final class PostgresTestServer implements AutoCloseable {

    private final LocalPostgres server;

    private PostgresTestServer(LocalPostgres server) {
        this.server = server;
    }

    /**
     * Creates a cluster and starts it, with fast commits.
     *
     * @return the running server
     * @throws IOException if PostgreSQL cannot be found, initialised or started
     */
    public static PostgresTestServer start() throws IOException {
        return new PostgresTestServer(LocalPostgres.start());
    }

    /**
     * Creates a cluster and starts it.
     *
     * @param durableCommits whether a commit waits for its WAL (tests that crash the server need it)
     * @return the running server
     * @throws IOException if PostgreSQL cannot be found, initialised or started
     */
    public static PostgresTestServer start(boolean durableCommits) throws IOException {
        return new PostgresTestServer(LocalPostgres.start(durableCommits));
    }

    /**
     * Starts the server again after {@link #stopServer()} or {@link #crash()}.
     *
     * @throws IOException if it does not start
     */
    public void startServer() throws IOException {
        server.startServer();
    }

    /**
     * Stops the server (fast shutdown), keeping its data.
     *
     * @throws IOException if it does not stop
     */
    public void stopServer() throws IOException {
        server.stopServer();
    }

    /**
     * Stops the server as a crash would (immediate shutdown), keeping its data.
     *
     * @throws IOException if it does not stop
     */
    public void crash() throws IOException {
        server.crash();
    }

    /**
     * Settings for the server's {@code postgres} database as superuser.
     *
     * @return settings
     */
    public DatabaseSettings settings() {
        return new DatabaseSettings(server.jdbcUrl(), "postgres", "");
    }

    /**
     * The JDBC URL of its {@code postgres} database.
     *
     * @return the URL
     */
    public String jdbcUrl() {
        return server.jdbcUrl();
    }

    /**
     * Its loopback port.
     *
     * @return the port
     */
    public int port() {
        return server.port();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
