-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- Multihoming studies (the ILNP thesis's method: IPv6, NPTv6 and ILNP compared by host traffic).
-- A study is kept as its JSON (docs/features/multihoming-study.md), never changed once stored; a
-- run moves queued -> running -> done, cancelled or failed by compare-and-set on state, at most
-- one queued or running per study; each trial is one row of multihoming_cells with iperf3's and
-- ping's figures in columns (queryable with SQL) and the per-uplink, per-switch and routing
-- figures as JSON.
CREATE TABLE sixflow.multihoming_studies (
    id           text        PRIMARY KEY,
    definition   jsonb       NOT NULL,
    created_at   timestamptz NOT NULL
);

CREATE TABLE sixflow.multihoming_runs (
    id               bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    study_id         text        NOT NULL REFERENCES sixflow.multihoming_studies (id) ON DELETE CASCADE,
    state            text        NOT NULL,
    reason           text,
    node             text        NOT NULL,
    created_at       timestamptz NOT NULL,
    started_at       timestamptz,
    finished_at      timestamptz,
    cells_total      integer     NOT NULL,
    cells_done       integer     NOT NULL DEFAULT 0,
    cancel_requested boolean     NOT NULL DEFAULT false
);

-- One queued or running run per study: a second POST loses the race at the index.
CREATE UNIQUE INDEX multihoming_runs_active_idx ON sixflow.multihoming_runs (study_id)
    WHERE state IN ('QUEUED', 'RUNNING');
CREATE INDEX multihoming_runs_study_idx ON sixflow.multihoming_runs (study_id, id);

CREATE TABLE sixflow.multihoming_cells (
    run_id          bigint      NOT NULL REFERENCES sixflow.multihoming_runs (id) ON DELETE CASCADE,
    cell_index      integer     NOT NULL,
    protocol        text        NOT NULL,
    sharing         integer[]   NOT NULL,
    frame_size      integer     NOT NULL,
    transport       text        NOT NULL,
    load_mbps       double precision,
    repetition      integer     NOT NULL,
    started_at      timestamptz NOT NULL,
    sent_mbps       double precision,
    goodput_mbps    double precision,
    packets_sent    bigint,
    packets_lost    bigint,
    bytes_sent      bigint,
    bytes_received  bigint,
    jitter_ms       double precision,
    reordered       bigint,
    retransmits     bigint,
    ping_sent       integer,
    ping_received   integer,
    rtt_min_ms      double precision,
    rtt_mean_ms     double precision,
    rtt_max_ms      double precision,
    rtt_mdev_ms     double precision,
    uplinks         jsonb       NOT NULL,
    switch_latency  jsonb       NOT NULL,
    routes_before   integer     NOT NULL,
    routes_after    integer     NOT NULL,
    entries_before  jsonb       NOT NULL,
    entries_after   jsonb       NOT NULL,
    error           text,
    PRIMARY KEY (run_id, cell_index)
);

CREATE TABLE sixflow.multihoming_failovers (
    run_id          bigint      NOT NULL REFERENCES sixflow.multihoming_runs (id) ON DELETE CASCADE,
    protocol        text        NOT NULL,
    uplink          text        NOT NULL,
    after_seconds   double precision NOT NULL,
    repair_ms       double precision,
    probes_sent     integer     NOT NULL,
    probes_answered integer     NOT NULL,
    note            text        NOT NULL,
    position        integer     NOT NULL,
    PRIMARY KEY (run_id, position)
);

CREATE TABLE sixflow.multihoming_site_routes (
    run_id          bigint      NOT NULL REFERENCES sixflow.multihoming_runs (id) ON DELETE CASCADE,
    position        integer     NOT NULL,
    protocol        text        NOT NULL,
    address         text        NOT NULL,
    site_device     text        NOT NULL,
    routes          jsonb       NOT NULL,
    PRIMARY KEY (run_id, position)
);
