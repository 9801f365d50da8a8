// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * State of the history database.
 */
public final class DatabaseHealth {

    /** Whether history can be written. */
    public enum Status {
        /** Connected and migrated. */
        UP,
        /** Configured but unreachable or failing. */
        DOWN,
        /** No database configured. */
        DISABLED
    }

    private final Status status;
    private final String url;
    private final String schemaVersion;
    private final String message;
    private final RetentionStatus retention;
    private final QuarantineStatus quarantine;

    private DatabaseHealth(Status status, String url, String schemaVersion, String message,
                           RetentionStatus retention, QuarantineStatus quarantine) {
        this.status = checkNotNull(status);
        this.url = url;
        this.schemaVersion = schemaVersion;
        this.message = message;
        this.retention = retention;
        this.quarantine = quarantine;
    }

    /**
     * No database configured.
     *
     * @return the health
     */
    public static DatabaseHealth disabled() {
        return new DatabaseHealth(Status.DISABLED, null, null,
                                  "No database configured (netcfg apps/org.sixflow.app/sixflow/database)", null, null);
    }

    /**
     * Connected and migrated.
     *
     * @param url           JDBC URL
     * @param schemaVersion migration version applied
     * @return the health
     */
    public static DatabaseHealth up(String url, String schemaVersion) {
        return new DatabaseHealth(Status.UP, checkNotNull(url), schemaVersion, null, null, null);
    }

    /**
     * Configured but failing.
     *
     * @param url    JDBC URL
     * @param reason what failed
     * @return the health
     */
    public static DatabaseHealth down(String url, String reason) {
        return new DatabaseHealth(Status.DOWN, checkNotNull(url), null, checkNotNull(reason), null, null);
    }

    /**
     * The same health with what the partition maintenance last reported.
     *
     * @param retention the maintenance's status
     * @return the health
     */
    public DatabaseHealth withRetention(RetentionStatus retention) {
        return new DatabaseHealth(status, url, schemaVersion, message, checkNotNull(retention), quarantine);
    }

    /**
     * The same health with the rows the database refused and Sixflow set aside.
     *
     * @param quarantine the quarantine's status
     * @return the health
     */
    public DatabaseHealth withQuarantine(QuarantineStatus quarantine) {
        return new DatabaseHealth(status, url, schemaVersion, message, retention, checkNotNull(quarantine));
    }

    public Status status() {
        return status;
    }

    public Optional<String> url() {
        return Optional.ofNullable(url);
    }

    public Optional<String> schemaVersion() {
        return Optional.ofNullable(schemaVersion);
    }

    public Optional<String> message() {
        return Optional.ofNullable(message);
    }

    /**
     * Returns how day partitions are kept, once the maintenance has run on this connection.
     *
     * @return the retention status
     */
    public Optional<RetentionStatus> retention() {
        return Optional.ofNullable(retention);
    }

    /**
     * Returns the rows the database refused and Sixflow set aside, while a database is open.
     *
     * @return the quarantine's status
     */
    public Optional<QuarantineStatus> quarantine() {
        return Optional.ofNullable(quarantine);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DatabaseHealth)) {
            return false;
        }
        DatabaseHealth that = (DatabaseHealth) o;
        return status == that.status && Objects.equals(url, that.url)
                && Objects.equals(schemaVersion, that.schemaVersion) && Objects.equals(message, that.message)
                && Objects.equals(retention, that.retention) && Objects.equals(quarantine, that.quarantine);
    }

    @Override
    public int hashCode() {
        return Objects.hash(status, url, schemaVersion, message, retention, quarantine);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("status", status).add("url", url)
                .add("schemaVersion", schemaVersion).add("message", message).add("retention", retention)
                .add("quarantine", quarantine).toString();
    }
}
