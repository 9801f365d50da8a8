-- SPDX-License-Identifier: Apache-2.0
-- Copyright 2026 The Sixflow Authors
-- Whether the switch queued while a class was measured, and the evidence in words (loss, packets
-- outlasting the send interval, latency rising over the run): such a class's latencies measure a
-- queue, and no comparison with the baseline is drawn from them. NULL: the switch kept up.
ALTER TABLE sixflow.experiment_class_results ADD COLUMN queueing text;
