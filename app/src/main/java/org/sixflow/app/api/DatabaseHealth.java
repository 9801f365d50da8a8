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

    private DatabaseHealth(Status status, String url, String schemaVersion, String message,
                           RetentionStatus retention) {
        this.status = checkNotNull(status);
        this.url = url;
        this.schemaVersion = schemaVersion;
        this.message = message;
        this.retention = retention;
    }

    /**
     * No database configured.
     *
     * @return the health
     */
    public static DatabaseHealth disabled() {
        return new DatabaseHealth(Status.DISABLED, null, null,
                                  "No database configured (netcfg apps/org.sixflow.app/sixflow/database)", null);
    }

    /**
     * Connected and migrated.
     *
     * @param url           JDBC URL
     * @param schemaVersion migration version applied
     * @return the health
     */
    public static DatabaseHealth up(String url, String schemaVersion) {
        return new DatabaseHealth(Status.UP, checkNotNull(url), schemaVersion, null, null);
    }

    /**
     * Configured but failing.
     *
     * @param url    JDBC URL
     * @param reason what failed
     * @return the health
     */
    public static DatabaseHealth down(String url, String reason) {
        return new DatabaseHealth(Status.DOWN, checkNotNull(url), null, checkNotNull(reason), null);
    }

    /**
     * The same health with what the partition maintenance last reported.
     *
     * @param retention the maintenance's status
     * @return the health
     */
    public DatabaseHealth withRetention(RetentionStatus retention) {
        return new DatabaseHealth(status, url, schemaVersion, message, checkNotNull(retention));
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
                && Objects.equals(retention, that.retention);
    }

    @Override
    public int hashCode() {
        return Objects.hash(status, url, schemaVersion, message, retention);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("status", status).add("url", url)
                .add("schemaVersion", schemaVersion).add("message", message).add("retention", retention)
                .toString();
    }
}
