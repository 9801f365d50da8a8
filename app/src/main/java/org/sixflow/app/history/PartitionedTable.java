// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSortedMap;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A table of schema sixflow that is range-partitioned on one timestamptz column, as the catalog
 * describes it: its default partition and the day partitions named {@code <table>_pYYYYMMDD}.
 * Read from the catalog rather than listed in code, so a migration that adds such a table gets
 * day partitions and retention without touching Java.
 */
final class PartitionedTable {

    /** PostgreSQL's longest identifier (NAMEDATALEN - 1); longer names are silently truncated. */
    static final int MAX_IDENTIFIER = 63;

    private static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;
    private static final String DAY_SUFFIX = "_p";

    private static final String TABLES = "SELECT c.relname, a.attname, d.relname "
            + "FROM pg_partitioned_table p "
            + "JOIN pg_class c ON c.oid = p.partrelid "
            + "JOIN pg_namespace n ON n.oid = c.relnamespace "
            + "JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = p.partattrs[0] "
            + "LEFT JOIN pg_class d ON d.oid = p.partdefid "
            + "WHERE n.nspname = ? AND p.partstrat = 'r' AND p.partnatts = 1 "
            + "AND a.atttypid = 'timestamptz'::regtype AND NOT c.relispartition "
            + "ORDER BY c.relname";
    private static final String PARTITIONS = "SELECT c.relname FROM pg_inherits i "
            + "JOIN pg_class c ON c.oid = i.inhrelid "
            + "JOIN pg_class parent ON parent.oid = i.inhparent "
            + "JOIN pg_namespace n ON n.oid = parent.relnamespace "
            + "WHERE n.nspname = ? AND parent.relname = ?";
    private static final String COLUMNS = "SELECT a.attname FROM pg_attribute a "
            + "JOIN pg_class c ON c.oid = a.attrelid "
            + "JOIN pg_namespace n ON n.oid = c.relnamespace "
            + "WHERE n.nspname = ? AND c.relname = ? AND a.attnum > 0 AND NOT a.attisdropped "
            + "AND a.attgenerated = '' ORDER BY a.attnum";

    private final String schema;
    private final String name;
    private final String timeColumn;
    private final String defaultPartition;

    private PartitionedTable(String schema, String name, String timeColumn, String defaultPartition) {
        this.schema = checkNotNull(schema);
        this.name = checkNotNull(name);
        this.timeColumn = checkNotNull(timeColumn);
        this.defaultPartition = defaultPartition;
    }

    /**
     * Finds the tables of a schema that are range-partitioned on one timestamptz column.
     *
     * @param connection the database
     * @param schema     the schema
     * @return the tables, by name
     * @throws SQLException when the catalog cannot be read
     */
    static List<PartitionedTable> find(Connection connection, String schema) throws SQLException {
        ImmutableList.Builder<PartitionedTable> tables = ImmutableList.builder();
        try (PreparedStatement select = connection.prepareStatement(TABLES)) {
            select.setString(1, schema);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    tables.add(new PartitionedTable(schema, rows.getString(1), rows.getString(2),
                                                    rows.getString(3)));
                }
            }
        }
        return tables.build();
    }

    String name() {
        return name;
    }

    /** The table, schema-qualified and quoted for SQL. */
    String qualified() {
        return qualify(name);
    }

    /** The partition key column, quoted for SQL. */
    String timeColumn() {
        return quote(timeColumn);
    }

    /** The default partition, schema-qualified and quoted, if the table has one. */
    Optional<String> defaultPartition() {
        return Optional.ofNullable(defaultPartition).map(this::qualify);
    }

    /**
     * Returns the name of the partition holding one UTC day.
     *
     * @param day the day
     * @return e.g. latency_samples_p20261123
     * @throws IllegalStateException when the name would be longer than PostgreSQL keeps
     */
    String dayPartition(LocalDate day) {
        String partition = name + DAY_SUFFIX + DAY.format(day);
        if (partition.length() > MAX_IDENTIFIER) {
            throw new IllegalStateException("day partition name " + partition + " is longer than "
                                                    + MAX_IDENTIFIER + " characters");
        }
        return partition;
    }

    /**
     * Returns the day partitions the table has now, by day. Partitions named otherwise are left
     * out: the maintainer neither creates nor drops them.
     *
     * @param connection the database
     * @return partition names by their day
     * @throws SQLException when the catalog cannot be read
     */
    SortedMap<LocalDate, String> dayPartitions(Connection connection) throws SQLException {
        Pattern pattern = Pattern.compile(Pattern.quote(name + DAY_SUFFIX) + "(\\d{8})");
        ImmutableSortedMap.Builder<LocalDate, String> partitions = ImmutableSortedMap.naturalOrder();
        try (PreparedStatement select = connection.prepareStatement(PARTITIONS)) {
            select.setString(1, schema);
            select.setString(2, name);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    String partition = rows.getString(1);
                    Matcher matcher = pattern.matcher(partition);
                    if (matcher.matches()) {
                        parseDay(matcher.group(1)).ifPresent(day -> partitions.put(day, partition));
                    }
                }
            }
        }
        return partitions.build();
    }

    /**
     * Returns the table's columns that can be written, quoted and comma-separated, in order.
     *
     * @param connection the database
     * @return the column list
     * @throws SQLException when the catalog cannot be read
     */
    String columnList(Connection connection) throws SQLException {
        StringBuilder columns = new StringBuilder();
        try (PreparedStatement select = connection.prepareStatement(COLUMNS)) {
            select.setString(1, schema);
            select.setString(2, name);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    columns.append(columns.length() == 0 ? "" : ", ").append(quote(rows.getString(1)));
                }
            }
        }
        return columns.toString();
    }

    /**
     * Schema-qualifies and quotes a relation of this table's schema.
     *
     * @param relation a table or partition name
     * @return e.g. "sixflow"."latency_samples_p20261123"
     */
    String qualify(String relation) {
        return quote(schema) + "." + quote(relation);
    }

    // Names come from the catalog, not from users, but quoting keeps any of them valid SQL.
    private static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    // A name like x_p20261399 that is no real day is not one of ours.
    private static Optional<LocalDate> parseDay(String digits) {
        try {
            return Optional.of(LocalDate.parse(digits, DAY));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        return schema + "." + name;
    }
}
