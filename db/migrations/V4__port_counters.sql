-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- OpenConfig interface counters read over gNMI (/interfaces/interface/state/counters), as the
-- device reports them: cumulative since the device's last reset. Rates are derived at query time.
-- A counter the device did not report is NULL, not 0.
CREATE TABLE sixflow.port_counters (
    sampled_at    timestamptz NOT NULL,
    device_id     text        NOT NULL,
    port_name     text        NOT NULL,
    in_packets    bigint,
    out_packets   bigint,
    in_octets     bigint,
    out_octets    bigint,
    in_discards   bigint,
    out_discards  bigint,
    in_errors     bigint,
    out_errors    bigint
) PARTITION BY RANGE (sampled_at);

CREATE TABLE sixflow.port_counters_default PARTITION OF sixflow.port_counters DEFAULT;

CREATE INDEX port_counters_device_port_time_idx
    ON sixflow.port_counters (device_id, port_name, sampled_at);
