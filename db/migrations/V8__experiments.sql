-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- Experiments: a feature against its baseline in one run. Experiments are never changed once
-- stored (a run refers to the definition it ran); runs move queued -> running -> done, cancelled
-- or failed (with a reason) by compare-and-set on state; results are kept per run, cell and class
-- with the stages and repetitions they summarise, and every telemetry report of a run's packets
-- is kept as a sample tagged with the run, so the raw data stays queryable.
CREATE TABLE sixflow.experiments (
    id                text        PRIMARY KEY,
    name              text        NOT NULL,
    description       text        NOT NULL DEFAULT '',
    ingress           text,
    traffic           text        NOT NULL,
    packets_per_class integer     NOT NULL,
    interval_ns       bigint,
    loads_mbps        double precision[] NOT NULL DEFAULT '{}',
    frame_sizes       integer[]   NOT NULL,
    repetitions       integer     NOT NULL,
    warmup            integer     NOT NULL,
    block_size        integer     NOT NULL,
    seed              bigint      NOT NULL,
    window_from       timestamptz,
    window_to         timestamptz,
    thresholds        double precision[] NOT NULL DEFAULT '{}',
    mean_thresholds   double precision[] NOT NULL DEFAULT '{}',
    mean_of           integer     NOT NULL,
    stages            boolean     NOT NULL DEFAULT true,
    created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sixflow.experiment_classes (
    experiment_id     text        NOT NULL REFERENCES sixflow.experiments (id) ON DELETE CASCADE,
    position          smallint    NOT NULL,
    name              text        NOT NULL,
    role              text        NOT NULL,
    lat_class         smallint    NOT NULL,
    source            text,
    destination       text,
    source_port       integer,
    destination_port  integer,
    hop_limit         integer,
    tree              text,
    policy            text,
    PRIMARY KEY (experiment_id, position)
);

CREATE TABLE sixflow.experiment_runs (
    id                bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    experiment_id     text        NOT NULL REFERENCES sixflow.experiments (id) ON DELETE CASCADE,
    state             text        NOT NULL,
    reason            text,
    node              text,
    created_at        timestamptz NOT NULL,
    started_at        timestamptz,
    finished_at       timestamptz,
    sent              bigint      NOT NULL DEFAULT 0,
    total             bigint      NOT NULL,
    cancel_requested  boolean     NOT NULL DEFAULT false,
    sampling_before   text,
    pacing_interval_ns      bigint,
    pacing_packets          bigint,
    pacing_mean_error_ns    double precision,
    pacing_p99_error_ns     double precision,
    pacing_max_error_ns     double precision,
    pacing_mean_lateness_ns double precision,
    pacing_rate_pps         double precision,
    results_ms        bigint
);

CREATE INDEX experiment_runs_experiment_idx ON sixflow.experiment_runs (experiment_id, id);
CREATE INDEX experiment_runs_state_idx ON sixflow.experiment_runs (state);

CREATE TABLE sixflow.experiment_class_results (
    run_id            bigint      NOT NULL REFERENCES sixflow.experiment_runs (id) ON DELETE CASCADE,
    cell_index        smallint    NOT NULL,
    position          smallint    NOT NULL,
    frame_size        integer     NOT NULL,
    interval_ns       bigint      NOT NULL,
    load_mbps         double precision,
    class_name        text        NOT NULL,
    role              text        NOT NULL,
    lat_class         smallint    NOT NULL,
    device_id         text        NOT NULL,
    sent              bigint      NOT NULL,
    warmup_sent       bigint      NOT NULL,
    received          bigint      NOT NULL,
    lost              bigint      NOT NULL,
    loss_basis        text        NOT NULL,
    duplicates        bigint      NOT NULL,
    reordered         bigint      NOT NULL,
    packets           bigint,
    mean_ns           double precision,
    stdev_ns          double precision,
    min_ns            double precision,
    max_ns            double precision,
    p50_ns            double precision,
    p90_ns            double precision,
    p99_ns            double precision,
    ks_statistic      double precision,
    ks_p_value        double precision,
    jitter_ns         double precision,
    offered_mbps      double precision,
    goodput_mbps      double precision,
    stability_pairs   bigint,
    stability_mean    double precision,
    stability_p50     double precision,
    stability_p90     double precision,
    stability_p99     double precision,
    stability_max     double precision,
    stability_bins    bigint[],
    ci_level          double precision,
    ci_n              integer,
    ci_mean           double precision,
    ci_half_width     double precision,
    PRIMARY KEY (run_id, cell_index, position)
);

CREATE TABLE sixflow.experiment_stage_results (
    run_id            bigint      NOT NULL REFERENCES sixflow.experiment_runs (id) ON DELETE CASCADE,
    cell_index        smallint    NOT NULL,
    position          smallint    NOT NULL,
    device_id         text        NOT NULL,
    lat_class         smallint    NOT NULL,
    replica           integer     NOT NULL,
    egress_port       integer     NOT NULL,
    packets           bigint      NOT NULL,
    mean_ns           double precision NOT NULL,
    stdev_ns          double precision NOT NULL,
    min_ns            double precision NOT NULL,
    max_ns            double precision NOT NULL,
    PRIMARY KEY (run_id, cell_index, position, device_id, lat_class, replica, egress_port)
);

CREATE TABLE sixflow.experiment_repetition_results (
    run_id            bigint      NOT NULL REFERENCES sixflow.experiment_runs (id) ON DELETE CASCADE,
    cell_index        smallint    NOT NULL,
    position          smallint    NOT NULL,
    repetition        integer     NOT NULL,
    sent              bigint      NOT NULL,
    received          bigint      NOT NULL,
    mean_ns           double precision,
    PRIMARY KEY (run_id, cell_index, position, repetition)
);

CREATE TABLE sixflow.experiment_samples (
    run_id            bigint      NOT NULL REFERENCES sixflow.experiment_runs (id) ON DELETE CASCADE,
    cell_index        smallint    NOT NULL,
    repetition        integer     NOT NULL,
    class_index       smallint    NOT NULL,
    sequence          integer     NOT NULL,
    warmup            boolean     NOT NULL,
    device_id         text        NOT NULL,
    lat_class         smallint    NOT NULL,
    replica           integer     NOT NULL,
    ingress_port      integer     NOT NULL,
    egress_port       integer     NOT NULL,
    ingress_ts_ns     bigint      NOT NULL,
    delta_ns          bigint      NOT NULL,
    arrival           bigint      NOT NULL
);

CREATE INDEX experiment_samples_run_class_idx ON sixflow.experiment_samples (run_id, class_index, arrival);
