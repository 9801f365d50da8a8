// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Runs work in one transaction on a pooled connection and leaves the connection as it found it.
 */
final class Transactions {

    /** Work done with a statement of the transaction's connection. */
    @FunctionalInterface
    interface Work<T> {
        T run(Statement statement) throws SQLException;
    }

    /** Work done on the transaction's connection itself, which may fail in its own way too. */
    @FunctionalInterface
    interface ConnectionWork<T, X extends Exception> {
        T run(Connection connection) throws SQLException, X;
    }

    private Transactions() {
    }

    /**
     * Runs work in a transaction: commits when it returns, rolls back when it throws.
     *
     * @param connection the connection
     * @param work       the work
     * @param <T>        what the work returns
     * @return what the work returned
     * @throws SQLException when the work or the commit fails; nothing of the work then remains
     */
    static <T> T run(Connection connection, Work<T> work) throws SQLException {
        return inTransaction(connection, c -> {
            try (Statement statement = c.createStatement()) {
                return work.run(statement);
            }
        });
    }

    /**
     * Runs work on the connection in a transaction: commits when it returns, rolls back when it
     * throws (a failed rollback, the connection gone, is noted on the failure).
     *
     * @param connection the connection
     * @param work       the work
     * @param <T>        what the work returns
     * @param <X>        what else the work may throw
     * @return what the work returned
     * @throws SQLException when the work or the commit fails; nothing of the work then remains
     * @throws X            when the work fails so; nothing of it then remains
     */
    static <T, X extends Exception> T inTransaction(Connection connection, ConnectionWork<T, X> work)
            throws SQLException, X {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            T result = work.run(connection);
            connection.commit();
            return result;
        } catch (Exception e) {
            try {
                connection.rollback();
            } catch (SQLException rollback) {
                e.addSuppressed(rollback);
            }
            throw e;
        } finally {
            // The pool hands the connection out again: in autocommit, as every other user expects.
            // One too broken for that already failed its work, and its caller evicts it.
            try {
                connection.setAutoCommit(autoCommit);
            } catch (SQLException ignored) {
                // the failure in flight says what went wrong
            }
        }
    }
}
