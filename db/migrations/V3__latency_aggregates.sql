-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- What the aggregate poller derives from the data plane's latency counters and registers
-- (p4src: latency_packets, latency_sum, latency_min, latency_max, latency_histogram), one row
-- per (device, class, egress port) and poll. packets, sum_ns and histogram are deltas since the
-- previous poll, so a series is a plain sum over rows; min_ns and max_ns are the registers'
-- running extremes at poll time (NULL while no packet has been counted).
CREATE TABLE sixflow.latency_aggregates (
    polled_at  timestamptz NOT NULL,
    device_id  text        NOT NULL,
    lat_class  smallint    NOT NULL,
    port       integer     NOT NULL,
    packets    bigint      NOT NULL,
    sum_ns     bigint      NOT NULL,
    min_ns     bigint,
    max_ns     bigint,
    histogram  bigint[]    NOT NULL
) PARTITION BY RANGE (polled_at);

CREATE TABLE sixflow.latency_aggregates_default PARTITION OF sixflow.latency_aggregates DEFAULT;

CREATE INDEX latency_aggregates_device_class_time_idx
    ON sixflow.latency_aggregates (device_id, lat_class, polled_at);
