// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import java.io.File;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The migrations in db/migrations, as Flyway will apply them.
 */
public final class Migrations {

    private static final Pattern VERSION = Pattern.compile("^V(\\d+)__.*\\.sql$");

    private Migrations() {
    }

    /**
     * Returns the highest migration version in db/migrations.
     *
     * @return the version Flyway reports after migrating
     */
    public static String latestVersion() {
        String[] files = new File("../db/migrations").list();
        return Integer.toString(Arrays.stream(files == null ? new String[0] : files)
                                        .map(VERSION::matcher).filter(Matcher::matches)
                                        .mapToInt(m -> Integer.parseInt(m.group(1))).max()
                                        .orElseThrow(() -> new IllegalStateException("no migrations in db/migrations")));
    }
}
