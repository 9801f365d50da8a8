// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * Sixflow's PPPoE control plane: subscriber lines, the sessions followed on them, the relay's
 * configuration. Formats and limits: docs/features/bng.md ("Control plane").
 */
package org.sixflow.app.features.bng.api;
