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

    private PostgresTestServer server;
    private HistoryDatabase database;

    @Override
    protected void before() throws IOException {
        server = PostgresTestServer.start();
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
