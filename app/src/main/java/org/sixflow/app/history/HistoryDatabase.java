// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import com.google.common.collect.ImmutableList;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.postgresql.ds.PGSimpleDataSource;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.config.DatabaseSettings;
import org.sixflow.app.history.minutes.MinuteCache;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * A pooled connection to the history database, migrated to the schema this bundle ships.
 */
public final class HistoryDatabase implements AutoCloseable {

    /** The one schema Sixflow owns. */
    public static final String SCHEMA = "sixflow";
    /** Where the bundle carries the migrations of db/migrations. */
    public static final String MIGRATIONS = "classpath:db/migration";

    private static final int POOL_SIZE = 8;
    private static final long CONNECT_TIMEOUT_MS = 5_000;

    private final HikariDataSource dataSource;
    private final String schemaVersion;
    private final Quarantine quarantine;
    private final Instant minutesCompleteFrom;
    private final Instant secondsCompleteFrom;
    private final MinuteCache minuteCache = new MinuteCache();

    private HistoryDatabase(HikariDataSource dataSource, String schemaVersion, Instant minutesCompleteFrom,
                            Instant secondsCompleteFrom) {
        this.dataSource = dataSource;
        this.schemaVersion = schemaVersion;
        this.quarantine = new Quarantine(dataSource, Clock.systemUTC());
        this.minutesCompleteFrom = minutesCompleteFrom;
        this.secondsCompleteFrom = secondsCompleteFrom;
    }

    /**
     * Connects and applies pending migrations.
     *
     * @param settings where the database is
     * @return the open database
     * @throws RuntimeException when the database cannot be reached or migrated
     */
    public static HistoryDatabase open(DatabaseSettings settings) {
        HikariConfig config = new HikariConfig();
        // HikariCP is its own bundle: given a driver class name it loads the class through its own
        // class loader, which in OSGi cannot see org.postgresql. Handing it the driver's DataSource
        // keeps every driver class inside this bundle's wiring.
        config.setDataSource(postgresDataSource(settings));
        config.setMaximumPoolSize(POOL_SIZE);
        config.setConnectionTimeout(CONNECT_TIMEOUT_MS);
        config.setPoolName("sixflow-history");
        HikariDataSource dataSource = new HikariDataSource(config);
        try {
            String version = migrate(dataSource);
            HistoryDatabase database = new HistoryDatabase(dataSource, version, minutesCompleteFrom(dataSource),
                                                           secondsCompleteFrom(dataSource));
            database.quarantine.recount();
            return database;
        } catch (SQLException e) {
            dataSource.close();
            throw new IllegalStateException("Cannot read the history database's state: " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            // Errors too (a library failing to load in OSGi): otherwise every retry leaks a pool
            // until PostgreSQL refuses connections ("too many clients already").
            dataSource.close();
            throw e;
        }
    }

    /**
     * Returns the PostgreSQL driver's own data source for the settings. User and password are set
     * before the URL so that, as with {@code DriverManager}, a user or password written in the URL
     * wins over the separate settings.
     *
     * @param settings where the database is
     * @return an unpooled data source
     * @throws IllegalArgumentException when the URL is not a PostgreSQL JDBC URL
     */
    static PGSimpleDataSource postgresDataSource(DatabaseSettings settings) {
        PGSimpleDataSource postgres = new PGSimpleDataSource();
        postgres.setUser(settings.user());
        postgres.setPassword(settings.password());
        postgres.setURL(settings.url());
        return postgres;
    }

    /**
     * Applies the bundled migrations to a database.
     *
     * @param dataSource the database
     * @return the schema version after migrating
     */
    static String migrate(DataSource dataSource) {
        MigrateResult result = Flyway.configure(HistoryDatabase.class.getClassLoader())
                .dataSource(dataSource)
                .schemas(SCHEMA)
                .defaultSchema(SCHEMA)
                .locations(MIGRATIONS)
                .load()
                .migrate();
        return result.targetSchemaVersion != null ? result.targetSchemaVersion : result.initialSchemaVersion;
    }

    // From when on sixflow.latency_minutes adds up every stored sample (see V9__latency_minutes).
    private static Instant minutesCompleteFrom(DataSource dataSource) throws SQLException {
        return completeFrom(dataSource, "sixflow.latency_minutes_coverage");
    }

    // From when on sixflow.latency_seconds adds up every stored sample (see V12__latency_seconds).
    private static Instant secondsCompleteFrom(DataSource dataSource) throws SQLException {
        return completeFrom(dataSource, "sixflow.latency_seconds_coverage");
    }

    private static Instant completeFrom(DataSource dataSource, String coverage) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement select = connection.prepareStatement(
                     "SELECT min(complete_from) = '-infinity', min(complete_from) FROM " + coverage);
             ResultSet row = select.executeQuery()) {
            row.next();
            Timestamp from = row.getTimestamp(2);
            if (from == null) {
                return Instant.MAX;     // no coverage row: never read the minutes
            }
            return row.getBoolean(1) ? Instant.MIN : from.toInstant();
        }
    }

    /**
     * Returns from when on sixflow.latency_minutes adds up every sample in
     * sixflow.latency_samples: samples stored before the table existed are not in it.
     *
     * @return the first minute the aggregates cover, Instant.MIN when they cover all
     */
    public Instant minutesCompleteFrom() {
        return minutesCompleteFrom;
    }

    /**
     * Returns from when on sixflow.latency_seconds adds up every sample in
     * sixflow.latency_samples: samples stored before the table existed are not in it.
     *
     * @return the first second the per-second counts cover, Instant.MIN when they cover all
     */
    public Instant secondsCompleteFrom() {
        return secondsCompleteFrom;
    }

    /**
     * Returns the stored minutes and samples this database's readers keep in memory.
     *
     * @return the cache, one per database
     */
    public MinuteCache minuteCache() {
        return minuteCache;
    }

    /**
     * Returns the pooled data source, for writers that batch their own statements.
     *
     * @return the data source
     */
    public DataSource dataSource() {
        return dataSource;
    }

    /**
     * Returns where rows this database refuses are set aside.
     *
     * @return the quarantine
     */
    public Quarantine quarantine() {
        return quarantine;
    }

    /**
     * Returns the schema version the database is at.
     *
     * @return the version
     */
    public String schemaVersion() {
        return schemaVersion;
    }

    /**
     * Writes one event.
     *
     * @param event the event
     * @throws SQLException when the write fails
     */
    public void insertEvent(HistoryEvent event) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement insert = connection.prepareStatement(
                     "INSERT INTO sixflow.events (occurred_at, kind, subject, detail) VALUES (?, ?, ?, ?)")) {
            insert.setTimestamp(1, Timestamp.from(event.time()));
            insert.setString(2, event.kind());
            insert.setString(3, event.subject());
            insert.setString(4, event.detail());
            insert.executeUpdate();
        }
    }

    /**
     * Reads a page of the events, newest first.
     *
     * @param offset how many of the newest to skip
     * @param limit  how many at most
     * @return events, newest first
     * @throws SQLException when the read fails
     */
    public List<HistoryEvent> recentEvents(int offset, int limit) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement select = connection.prepareStatement(
                     "SELECT occurred_at, kind, subject, detail FROM sixflow.events "
                             + "ORDER BY occurred_at DESC, id DESC OFFSET ? LIMIT ?")) {
            select.setInt(1, offset);
            select.setInt(2, limit);
            ImmutableList.Builder<HistoryEvent> events = ImmutableList.builder();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    events.add(HistoryEvent.of(rows.getTimestamp(1).toInstant(), rows.getString(2),
                                               rows.getString(3), rows.getString(4)));
                }
            }
            return events.build();
        }
    }

    @Override
    public void close() {
        dataSource.close();
    }
}
