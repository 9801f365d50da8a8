// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;

/**
 * Work on a pooled connection of the history database for a store: no database, or a failed
 * statement, becomes the store's own kind of unavailability, its message for users and the
 * database's text kept in the cause (for the log, out of REST answers).
 */
public final class HistoryConnections {

    /** What the work does with a connection. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /** The store's exception for a message and a cause (null when there is no database at all). */
    @FunctionalInterface
    public interface Unavailable {
        RuntimeException of(String message, Throwable cause);
    }

    private final HistoryDatabaseService history;
    private final String noDatabase;
    private final String failed;
    private final Unavailable unavailable;

    /**
     * Creates the helper.
     *
     * @param history     the history database service
     * @param noDatabase  what callers are told while there is no database
     * @param failed      what they are told when a statement failed
     * @param unavailable makes the store's exception
     */
    public HistoryConnections(HistoryDatabaseService history, String noDatabase, String failed,
                              Unavailable unavailable) {
        this.history = Objects.requireNonNull(history, "history");
        this.noDatabase = noDatabase;
        this.failed = failed;
        this.unavailable = unavailable;
    }

    /**
     * Runs work on a connection.
     *
     * @param work the work
     * @param <T>  what it returns
     * @return what it returned
     */
    public <T> T withConnection(Work<T> work) {
        DataSource dataSource = history.database().map(HistoryDatabase::dataSource)
                .orElseThrow(() -> unavailable.of(noDatabase, null));
        try (Connection c = dataSource.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw unavailable.of(failed, e);
        }
    }

    /**
     * Runs work in one transaction: committed when it returns, rolled back when it throws.
     *
     * @param work the work
     * @param <T>  what it returns
     * @return what it returned
     */
    public <T> T inTransaction(Work<T> work) {
        return withConnection(c -> Transactions.<T, RuntimeException>inTransaction(c, work::run));
    }
}
