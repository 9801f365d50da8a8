// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import org.sixflow.app.api.QuarantineStatus;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Where rows go that PostgreSQL refuses for what they hold (see {@link #refuses(SQLException)}):
 * sixflow.quarantined_rows (db/migrations/V7), where they can be read with SQL, instead of the
 * head of a writer's buffer, where they would be retried forever and hold back every row behind
 * them. Counts them for the database's health. Thread-safe.
 */
public final class Quarantine {

    static final String INSERT = "INSERT INTO sixflow.quarantined_rows "
            + "(quarantined_at, destination, sql_state, reason, row_text) VALUES (?, ?, ?, ?, ?)";
    static final String COUNT = "SELECT count(*) FROM sixflow.quarantined_rows";

    private final DataSource dataSource;
    private final Clock clock;
    private final AtomicLong rows = new AtomicLong();
    private volatile Instant lastQuarantined;
    private volatile String lastReason;

    /**
     * Creates the quarantine of a migrated database.
     *
     * @param dataSource the history database
     * @param clock      what quarantined rows are stamped with
     */
    Quarantine(DataSource dataSource, Clock clock) {
        this.dataSource = checkNotNull(dataSource);
        this.clock = checkNotNull(clock);
    }

    /**
     * Tells whether PostgreSQL refused a write for what the rows hold, so that the same rows
     * would be refused again: SQLSTATE class 22 (data exception: a value out of range, a NUL
     * byte, malformed input) or 23 (integrity constraint violation: a CHECK, NOT NULL or unique
     * constraint, a row no partition takes). Anything else (no connection, a timeout, the server
     * shutting down, no database at all) may pass and is worth retrying.
     *
     * @param e the failure
     * @return true if retrying the same rows cannot help
     */
    public static boolean refuses(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.startsWith("22") || state.startsWith("23"));
    }

    /**
     * Sets rows aside, in one transaction.
     *
     * @param destination the table and columns they were meant for
     * @param rowTexts    the rows, each as COPY's text format has it, without the newline
     * @param refusal     what PostgreSQL said
     * @throws SQLException when the quarantine itself cannot be written; nothing is then kept
     */
    void put(String destination, List<String> rowTexts, SQLException refusal) throws SQLException {
        Instant now = clock.instant();
        String state = refusal.getSQLState() == null ? "" : refusal.getSQLState();
        String reason = String.valueOf(refusal.getMessage());
        try (Connection connection = dataSource.getConnection()) {
            Transactions.run(connection, statement -> {
                try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                    for (String row : rowTexts) {
                        insert.setTimestamp(1, Timestamp.from(now));
                        insert.setString(2, destination);
                        insert.setString(3, state);
                        insert.setString(4, printable(reason));
                        insert.setString(5, printable(row));
                        insert.addBatch();
                    }
                    insert.executeBatch();
                }
                return null;
            });
        }
        rows.addAndGet(rowTexts.size());
        lastReason = destination + ": " + reason;
        lastQuarantined = now;    // after the reason: status() reads the time first
    }

    /**
     * Counts the table's rows again: other instances add to it and the retention ages it out.
     *
     * @throws SQLException when the count fails
     */
    void recount() throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(COUNT)) {
            result.next();
            rows.set(result.getLong(1));
        }
    }

    /**
     * Returns the rows quarantined and the latest refusal.
     *
     * @return the status
     */
    public QuarantineStatus status() {
        Instant at = lastQuarantined;
        return QuarantineStatus.of(rows.get(), at, at == null ? null : lastReason);
    }

    // PostgreSQL text holds no NUL; a row refused for carrying one must still be kept.
    private static String printable(String text) {
        return text.replace("\0", "\\000");
    }
}
