// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.config;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Where the history database is and how to log in.
 */
public final class DatabaseSettings {

    private final String url;
    private final String user;
    private final String password;

    /**
     * Creates settings.
     *
     * @param url      JDBC URL
     * @param user     user name
     * @param password password (may be empty)
     */
    public DatabaseSettings(String url, String user, String password) {
        this.url = checkNotNull(url);
        this.user = checkNotNull(user);
        this.password = checkNotNull(password);
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

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DatabaseSettings)) {
            return false;
        }
        DatabaseSettings that = (DatabaseSettings) o;
        return url.equals(that.url) && user.equals(that.user) && password.equals(that.password);
    }

    @Override
    public int hashCode() {
        return Objects.hash(url, user, password);
    }

    @Override
    public String toString() {
        // Never log the password.
        return "DatabaseSettings{url=" + url + ", user=" + user + "}";
    }
}
