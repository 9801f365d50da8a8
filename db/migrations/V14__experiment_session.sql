-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- PPPoE in experiments: the session a class exercises, by its subscriber's user name or its line's
-- name (device/port/S-VID/C-VID); a run takes whichever session of it is up. NULL for the classes
-- before. The session's framing (id, tags, MACs) is not kept: it changes with every setup.
ALTER TABLE sixflow.experiment_classes
    ADD COLUMN session text CHECK (length(session) BETWEEN 1 AND 255);
