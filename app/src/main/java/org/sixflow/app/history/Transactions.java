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
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            T result = work.run(statement);
            connection.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            try {
                connection.rollback();
            } catch (SQLException rollback) {
                e.addSuppressed(rollback);
            }
            throw e;
        } finally {
            // The pool hands the connection out again: in autocommit, as every other user expects.
            connection.setAutoCommit(autoCommit);
        }
    }
}
