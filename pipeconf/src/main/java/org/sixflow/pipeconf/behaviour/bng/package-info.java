// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * ONOS's {@code BngProgrammable} for the pipeconfs with a BNG (profiles bng, bng-access,
 * bng-forward): attachments to table entries, per-line counters. docs/features/bng.md.
 */
package org.sixflow.pipeconf.behaviour.bng;
