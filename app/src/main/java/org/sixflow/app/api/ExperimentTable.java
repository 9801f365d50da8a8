// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One of the studies' tables, laid out as the study lays it out: a title, column headings and
 * rows of cells, each a String, a Number or null (an empty cell, like the DIFF row's range).
 * REST, CLI, dashboard and CSV export all show these as they are.
 */
public final class ExperimentTable {

    private final String id;
    private final String title;
    private final List<String> columns;
    private final List<List<Object>> rows;

    private ExperimentTable(String id, String title, List<String> columns, List<List<Object>> rows) {
        this.id = checkNotNull(id);
        this.title = checkNotNull(title);
        this.columns = ImmutableList.copyOf(columns);
        List<List<Object>> copy = new ArrayList<>();
        for (List<Object> row : rows) {
            checkArgument(row.size() == columns.size(), "row of %s cells under %s columns", row.size(),
                          columns.size());
            for (Object cell : row) {
                checkArgument(cell == null || cell instanceof String || cell instanceof Number,
                              "cells are strings, numbers or empty, not %s", cell);
            }
            copy.add(Collections.unmodifiableList(new ArrayList<>(row)));
        }
        this.rows = Collections.unmodifiableList(copy);
    }

    /**
     * Creates a table.
     *
     * @param id      a stable name, e.g. "latency"
     * @param title   the heading, e.g. "Latency (ns), 2000 packets per class at 1 ms"
     * @param columns column headings
     * @param rows    rows, each with one cell per column (null for an empty cell)
     * @return the table
     */
    public static ExperimentTable of(String id, String title, List<String> columns, List<List<Object>> rows) {
        return new ExperimentTable(id, title, columns, rows);
    }

    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    public List<String> columns() {
        return columns;
    }

    public List<List<Object>> rows() {
        return rows;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ExperimentTable)) {
            return false;
        }
        ExperimentTable t = (ExperimentTable) o;
        return id.equals(t.id) && title.equals(t.title) && columns.equals(t.columns) && rows.equals(t.rows);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, title, columns, rows);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("id", id).add("title", title).add("rows", rows.size()).toString();
    }
}
