// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.osgi;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rows of a table the Karaf console prints ({@code bundle:list}, {@code web:list}): cells split at
 * '|', keeping only rows whose first cell is a bundle id.
 */
final class ConsoleTable {

    private static final Pattern ID = Pattern.compile("\\d+");

    private ConsoleTable() {
    }

    /**
     * Splits a printed table into rows of trimmed cells.
     *
     * @param printed what the command printed
     * @return one array of cells per row with a numeric first cell
     */
    static List<String[]> rows(String printed) {
        List<String[]> rows = new ArrayList<>();
        for (String line : printed.split("\\R")) {
            String[] cells = line.split("\\|", -1);
            if (cells.length < 2 || !ID.matcher(cells[0].trim()).matches()) {
                continue;
            }
            for (int i = 0; i < cells.length; i++) {
                cells[i] = cells[i].trim();
            }
            rows.add(cells);
        }
        return rows;
    }
}
