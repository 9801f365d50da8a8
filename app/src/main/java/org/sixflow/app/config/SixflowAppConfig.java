// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.config;

import com.fasterxml.jackson.databind.JsonNode;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.InvalidFieldException;

import java.util.Optional;

/**
 * Application-wide Sixflow settings, under {@code apps/org.sixflow.app/sixflow}:
 * <pre>
 * "sixflow": {
 *   "database": {"url": "jdbc:postgresql://postgres:5432/sixflow", "user": "sixflow", "password": "…"}
 * }
 * </pre>
 * Without a database block, history is not kept (and the health endpoint says so).
 */
public final class SixflowAppConfig extends Config<ApplicationId> {

    public static final String KEY = "sixflow";
    public static final String DATABASE = "database";
    public static final String URL = "url";
    public static final String USER = "user";
    public static final String PASSWORD = "password";

    private static final String JDBC_PREFIX = "jdbc:postgresql://";

    @Override
    public boolean isValid() {
        if (!hasOnlyFields(DATABASE)) {
            return false;
        }
        database();
        return true;
    }

    /**
     * Returns the database settings, if configured.
     *
     * @return the settings
     * @throws InvalidFieldException if the block is incomplete or not a PostgreSQL URL
     */
    public Optional<DatabaseSettings> database() {
        JsonNode node = object.path(DATABASE);
        if (node.isMissingNode() || node.isNull()) {
            return Optional.empty();
        }
        String url = node.path(URL).asText("");
        if (!url.startsWith(JDBC_PREFIX)) {
            throw new InvalidFieldException(DATABASE + "." + URL, "must start with " + JDBC_PREFIX);
        }
        if (!node.path(USER).isTextual() || node.path(USER).asText().isEmpty()) {
            throw new InvalidFieldException(DATABASE + "." + USER, "is required");
        }
        return Optional.of(new DatabaseSettings(url, node.path(USER).asText(), node.path(PASSWORD).asText("")));
    }
}
