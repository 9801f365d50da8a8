-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- Per-second counts of sixflow.latency_samples, one row per (device, class, second), all replicas
-- together: packets, the exact sum of the latencies (numeric), min and max. A latency series
-- whose bins do not start on whole minutes (a 30 s step; a window from any second) adds these up
-- per bin instead of every sample: 3,600 rows for an hour of a class rather than 90,000 samples
-- at 25 a second, and only the seconds a bin boundary cuts are read from the samples, so the
-- series is exactly the samples' own. Merged by the sample writer in the transaction that copies
-- the samples (as latency_minutes), so they always add up what latency_samples holds; partitioned
-- by day like it. Samples stored before this table existed are not counted here:
-- latency_seconds_coverage says from which second on the table is complete, and readers use the
-- samples for series that start earlier.
CREATE TABLE sixflow.latency_seconds (
    second      timestamptz NOT NULL,
    device_id   text        NOT NULL,
    lat_class   smallint    NOT NULL,
    packets     bigint      NOT NULL,
    sum_ns      numeric     NOT NULL,
    min_ns      bigint      NOT NULL,
    max_ns      bigint      NOT NULL,
    CONSTRAINT latency_seconds_pkey PRIMARY KEY (device_id, lat_class, second)
) PARTITION BY RANGE (second);

CREATE TABLE sixflow.latency_seconds_default PARTITION OF sixflow.latency_seconds DEFAULT;

CREATE TABLE sixflow.latency_seconds_coverage (
    complete_from timestamptz NOT NULL
);

INSERT INTO sixflow.latency_seconds_coverage (complete_from)
SELECT coalesce(date_trunc('minute', max(sampled_at)) + interval '1 minute', '-infinity')
FROM sixflow.latency_samples;
