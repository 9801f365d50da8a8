-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- Rows PostgreSQL refused when a writer copied them into a history table: a value or a constraint
-- it would refuse again on every retry (SQLSTATE classes 22 "data exception" and 23 "integrity
-- constraint violation"). The writer moves each such row here, once, writes the rows around it,
-- and goes on. destination is the table with its columns; row_text is the row as COPY's text
-- format had it, tab-separated in destination's column order. Partitioned by day like the
-- telemetry tables, so the retention ages quarantined rows out as well.
CREATE TABLE sixflow.quarantined_rows (
    quarantined_at timestamptz NOT NULL,
    destination    text        NOT NULL,
    sql_state      text        NOT NULL,
    reason         text        NOT NULL,
    row_text       text        NOT NULL
) PARTITION BY RANGE (quarantined_at);

CREATE TABLE sixflow.quarantined_rows_default PARTITION OF sixflow.quarantined_rows DEFAULT;

CREATE INDEX quarantined_rows_time_idx ON sixflow.quarantined_rows (quarantined_at);
