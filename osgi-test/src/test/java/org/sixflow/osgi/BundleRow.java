// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.osgi;

import java.util.ArrayList;
import java.util.List;

/**
 * One bundle as {@code bundle:list -t 0 -l} prints it: id, state, start level, version, location.
 * Karaf shows an ACTIVE bundle whose SCR components wait for services as "Waiting".
 */
final class BundleRow {

    private final long id;
    private final String state;
    private final String version;
    private final String location;

    private BundleRow(long id, String state, String version, String location) {
        this.id = id;
        this.state = state;
        this.version = version;
        this.location = location;
    }

    /**
     * Reads the rows of a {@code bundle:list -t 0 -l} listing.
     *
     * @param printed what the command printed
     * @return the bundles
     */
    static List<BundleRow> parse(String printed) {
        List<BundleRow> rows = new ArrayList<>();
        for (String[] cells : ConsoleTable.rows(printed)) {
            if (cells.length >= 5) {
                rows.add(new BundleRow(Long.parseLong(cells[0]), cells[1], cells[3], cells[4]));
            }
        }
        return rows;
    }

    long id() {
        return id;
    }

    String state() {
        return state;
    }

    String version() {
        return version;
    }

    String location() {
        return location;
    }

    /** @return whether the bundle resolved and started (its components may still wait for services) */
    boolean started() {
        return "Active".equals(state) || "Waiting".equals(state);
    }

    /** @return whether the framework could not resolve it */
    boolean unresolved() {
        return "Installed".equals(state);
    }

    @Override
    public String toString() {
        return "[" + id + "] " + location + " " + state;
    }
}
