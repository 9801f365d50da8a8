-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- The data plane's own ingress timestamp of a reported packet (ns, the device's clock), so that
-- inter-arrival stability |(T2 - T1) - (t2 - t1)| / (t2 - t1) can be computed per class:
-- t from ingress timestamps, T = t + delta. NULL for samples stored before this column existed.
ALTER TABLE sixflow.latency_samples ADD COLUMN ingress_ts_ns bigint;
