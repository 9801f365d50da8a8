// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.junit.rules.ExternalResource;
import org.sixflow.app.history.HistoryDatabase;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A {@link PostgresTestServer} for a test class: {@code @ClassRule public static PostgresResource
 * postgres = new PostgresResource();} starts it before the first test and removes it after the last.
 */
public class PostgresResource extends ExternalResource {

    private final boolean durableCommits;
    private PostgresTestServer server;
    private HistoryDatabase database;

    /** A server whose commits return before their WAL is written (fast; a crash may lose them). */
    public PostgresResource() {
        this(false);
    }

    private PostgresResource(boolean durableCommits) {
        this.durableCommits = durableCommits;
    }

    /**
     * A server whose commits wait for their WAL (PostgreSQL's default), for tests that crash it.
     *
     * @return the resource
     */
    public static PostgresResource durable() {
        return new PostgresResource(true);
    }

    @Override
    protected void before() throws IOException {
        server = PostgresTestServer.start(durableCommits);
    }

    @Override
    protected void after() {
        if (database != null) {
            database.close();
            database = null;
        }
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public PostgresTestServer server() {
        return server;
    }

    /**
     * Returns the history database on this server, migrated; opened on first use and closed
     * after the test class.
     *
     * @return the database
     */
    public HistoryDatabase database() {
        if (database == null) {
            database = HistoryDatabase.open(server.settings());
        }
        return database;
    }
}
