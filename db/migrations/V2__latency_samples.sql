-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- Per-packet latency samples from the data plane's telemetry reports, partitioned by day so that
-- retention drops whole partitions. The default partition catches rows whose day has no
-- partition yet, so a late partition job never loses a sample.
CREATE TABLE sixflow.latency_samples (
    sampled_at    timestamptz NOT NULL,
    device_id     text        NOT NULL,
    lat_class     smallint    NOT NULL,
    replica       integer     NOT NULL DEFAULT 0,
    ingress_port  integer     NOT NULL,
    egress_port   integer     NOT NULL,
    sequence      bigint      NOT NULL,
    delta_ns      bigint      NOT NULL
) PARTITION BY RANGE (sampled_at);

CREATE TABLE sixflow.latency_samples_default PARTITION OF sixflow.latency_samples DEFAULT;

CREATE INDEX latency_samples_device_class_time_idx
    ON sixflow.latency_samples (device_id, lat_class, sampled_at);
