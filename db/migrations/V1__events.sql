-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- What happened to devices and pipeconfs, newest first on the dashboard's overview.
-- Flyway creates schema sixflow (its default schema) before this runs.
CREATE TABLE sixflow.events (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    occurred_at timestamptz NOT NULL,
    kind        text        NOT NULL,
    subject     text        NOT NULL,
    detail      text        NOT NULL DEFAULT ''
);

CREATE INDEX events_occurred_at_idx ON sixflow.events (occurred_at DESC);
CREATE INDEX events_subject_idx ON sixflow.events (subject, occurred_at DESC);
