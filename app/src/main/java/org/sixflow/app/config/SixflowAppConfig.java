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
 *   "database": {"url": "jdbc:postgresql://postgres:5432/sixflow", "user": "sixflow", "password": "…",
 *                "retentionDays": 30}
 * }
 * </pre>
 * Without a database block, history is not kept (and the health endpoint says so). retentionDays
 * (default 30) is how many days of telemetry history are kept before their day partitions go.
 */
public final class SixflowAppConfig extends Config<ApplicationId> {

    public static final String KEY = "sixflow";
    public static final String DATABASE = "database";
    public static final String URL = "url";
    public static final String USER = "user";
    public static final String PASSWORD = "password";
    public static final String RETENTION_DAYS = "retentionDays";

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
     * @throws InvalidFieldException if the block is incomplete, not a PostgreSQL URL, or its
     *                               retentionDays is not a whole number of days in range
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
        return Optional.of(new DatabaseSettings(url, node.path(USER).asText(), node.path(PASSWORD).asText(""),
                                                retentionDays(node.path(RETENTION_DAYS))));
    }

    private static int retentionDays(JsonNode node) {
        if (node.isMissingNode() || node.isNull()) {
            return DatabaseSettings.DEFAULT_RETENTION_DAYS;
        }
        // A number only: "30" or 30.5 would hide a mistake, as would clamping an out-of-range value.
        if (!node.isIntegralNumber() || !node.canConvertToInt()
                || node.intValue() < DatabaseSettings.MIN_RETENTION_DAYS
                || node.intValue() > DatabaseSettings.MAX_RETENTION_DAYS) {
            throw new InvalidFieldException(DATABASE + "." + RETENTION_DAYS,
                                            "must be a whole number of days from " + DatabaseSettings.MIN_RETENTION_DAYS
                                                    + " to " + DatabaseSettings.MAX_RETENTION_DAYS + ", got " + node);
        }
        return node.intValue();
    }
}
