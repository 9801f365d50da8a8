// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.rest;

import org.sixflow.app.api.ExperimentResults;
import org.sixflow.app.api.ExperimentTable;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A run's tables as CSV (RFC 4180): for each table a line with its id and title, its header and
 * its rows, then an empty line. Numbers are written in full precision; empty cells stay empty.
 */
final class ExperimentCsv {

    private ExperimentCsv() {
    }

    /**
     * Writes the tables.
     *
     * @param results a run's results
     * @return the CSV text
     */
    static String of(ExperimentResults results) {
        StringBuilder csv = new StringBuilder();
        for (ExperimentTable table : results.tables()) {
            csv.append(quote(table.id())).append(',').append(quote(table.title())).append("\r\n");
            csv.append(line(table.columns())).append("\r\n");
            for (List<Object> row : table.rows()) {
                csv.append(line(row)).append("\r\n");
            }
            csv.append("\r\n");
        }
        return csv.toString();
    }

    private static String line(List<?> cells) {
        return cells.stream().map(ExperimentCsv::cell).collect(Collectors.joining(","));
    }

    private static String cell(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double && !Double.isFinite((Double) value)) {
            return "";
        }
        return value instanceof Number ? value.toString() : quote(value.toString());
    }

    private static String quote(String text) {
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return "\"" + text.replace("\"", "\"\"") + "\"";
        }
        return text;
    }
}
