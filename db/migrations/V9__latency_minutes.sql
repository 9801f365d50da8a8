-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- Per-minute aggregates of sixflow.latency_samples, one row per (device, class, minute, replica),
-- merged by the sample writer in the transaction that copies the samples, so they always add up
-- what latency_samples holds. Hour-long statistics and series read 60 rows here instead of every
-- sample. sum_ns and sum_sq_ns are exact (numeric), so mean and deviation are exact; histogram
-- counts latencies in log buckets (LogHistogram: 128 per power of two; histogram[1] is bucket
-- histogram_first) for percentiles within 1/256. pairs .. pairs_exact are the inter-arrival
-- stability of the minute's timestamped samples in ingress-timestamp order: count, sum and max
-- of |delta2 - delta1| / (t2 - t1), and the first and last sample, so consecutive minutes join
-- with the pair between them; pairs_exact is false when batches overlapped in timestamp order
-- (readers then use the samples). Partitioned by day like latency_samples, so the retention ages
-- both out together. Samples stored before this table existed are not added up here:
-- latency_minutes_coverage says from which minute on the table is complete, and readers use the
-- samples for windows that start earlier.
CREATE TABLE sixflow.latency_minutes (
    minute          timestamptz NOT NULL,
    device_id       text        NOT NULL,
    lat_class       smallint    NOT NULL,
    replica         integer     NOT NULL,
    packets         bigint      NOT NULL DEFAULT 0,
    sum_ns          numeric     NOT NULL DEFAULT 0,
    sum_sq_ns       numeric     NOT NULL DEFAULT 0,
    min_ns          bigint,
    max_ns          bigint,
    histogram_first integer     NOT NULL DEFAULT 0,
    histogram       bigint[]    NOT NULL DEFAULT '{}',
    pairs           bigint      NOT NULL DEFAULT 0,
    ratio_sum       double precision NOT NULL DEFAULT 0,
    ratio_max       double precision NOT NULL DEFAULT 0,
    first_ts        bigint,
    first_seq       bigint,
    first_delta     bigint,
    last_ts         bigint,
    last_seq        bigint,
    last_delta      bigint,
    pairs_exact     boolean     NOT NULL DEFAULT true,
    CONSTRAINT latency_minutes_pkey PRIMARY KEY (device_id, lat_class, minute, replica)
) PARTITION BY RANGE (minute);

CREATE TABLE sixflow.latency_minutes_default PARTITION OF sixflow.latency_minutes DEFAULT;

CREATE TABLE sixflow.latency_minutes_coverage (
    complete_from timestamptz NOT NULL
);

INSERT INTO sixflow.latency_minutes_coverage (complete_from)
SELECT coalesce(date_trunc('minute', max(sampled_at)) + interval '1 minute', '-infinity')
FROM sixflow.latency_samples;
