-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- How full each P4 table is: installed entries against the size the P4Info declares.
CREATE TABLE sixflow.table_occupancy (
    sampled_at  timestamptz NOT NULL,
    device_id   text        NOT NULL,
    table_name  text        NOT NULL,
    entries     integer     NOT NULL,
    size        integer     NOT NULL
) PARTITION BY RANGE (sampled_at);

CREATE TABLE sixflow.table_occupancy_default PARTITION OF sixflow.table_occupancy DEFAULT;

CREATE INDEX table_occupancy_device_time_idx
    ON sixflow.table_occupancy (device_id, sampled_at);
