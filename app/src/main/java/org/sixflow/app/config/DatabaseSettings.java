// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.config;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Where the history database is, how to log in, and how long history is kept.
 */
public final class DatabaseSettings {

    /** Days of history kept when netcfg does not say. */
    public static final int DEFAULT_RETENTION_DAYS = 30;
    /** Fewest days of history that may be kept: the current day's partition must survive. */
    public static final int MIN_RETENTION_DAYS = 1;
    /** Most days of history that may be kept: ten years, a bound on partitions per table. */
    public static final int MAX_RETENTION_DAYS = 3650;

    private final String url;
    private final String user;
    private final String password;
    private final int retentionDays;

    /**
     * Creates settings that keep {@link #DEFAULT_RETENTION_DAYS} days of history.
     *
     * @param url      JDBC URL
     * @param user     user name
     * @param password password (may be empty)
     */
    public DatabaseSettings(String url, String user, String password) {
        this(url, user, password, DEFAULT_RETENTION_DAYS);
    }

    /**
     * Creates settings.
     *
     * @param url           JDBC URL
     * @param user          user name
     * @param password      password (may be empty)
     * @param retentionDays days of history kept, {@link #MIN_RETENTION_DAYS}..{@link #MAX_RETENTION_DAYS}
     */
    public DatabaseSettings(String url, String user, String password, int retentionDays) {
        checkArgument(retentionDays >= MIN_RETENTION_DAYS && retentionDays <= MAX_RETENTION_DAYS,
                      "retentionDays must be %s..%s, got %s", MIN_RETENTION_DAYS, MAX_RETENTION_DAYS, retentionDays);
        this.url = checkNotNull(url);
        this.user = checkNotNull(user);
        this.password = checkNotNull(password);
        this.retentionDays = retentionDays;
    }

    public String url() {
        return url;
    }

    public String user() {
        return user;
    }

    public String password() {
        return password;
    }

    /**
     * Returns how many days of history are kept: older day partitions are dropped.
     *
     * @return days
     */
    public int retentionDays() {
        return retentionDays;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DatabaseSettings)) {
            return false;
        }
        DatabaseSettings that = (DatabaseSettings) o;
        return url.equals(that.url) && user.equals(that.user) && password.equals(that.password)
                && retentionDays == that.retentionDays;
    }

    @Override
    public int hashCode() {
        return Objects.hash(url, user, password, retentionDays);
    }

    @Override
    public String toString() {
        // Never log the password.
        return "DatabaseSettings{url=" + url + ", user=" + user + ", retentionDays=" + retentionDays + "}";
    }
}
