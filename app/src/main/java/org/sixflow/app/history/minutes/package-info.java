// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Per-minute aggregates of the latency samples (sixflow.latency_minutes): exact moments and
 * extremes, a log-bucket histogram for percentiles, and the pieces of the inter-arrival
 * stability, kept by the sample writer in the transaction that stores the samples, so that hour
 * long queries read 60 rows per class and replica instead of every sample; and per-second counts
 * (sixflow.latency_seconds: packets, exact sum, min, max) for series whose bins are not whole
 * minutes.
 */
package org.sixflow.app.history.minutes;
