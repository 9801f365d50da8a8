-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- GTP-U in experiments: the tunnel a class exercises, and for an uplink probe (a G-PDU carrying
-- the class's packet) its outer headers: peer address, N3 address, uplink TEID, UDP source port.
-- All NULL for the classes before (plain IPv6/UDP probes exercising no tunnel).
ALTER TABLE sixflow.experiment_classes
    ADD COLUMN tunnel            text,
    ADD COLUMN gtpu_peer         text,
    ADD COLUMN gtpu_n3           text,
    ADD COLUMN gtpu_teid         bigint CHECK (gtpu_teid BETWEEN 1 AND 4294967295),
    ADD COLUMN gtpu_source_port  integer;
