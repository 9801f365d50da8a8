// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
/**
 * GTP-U tunnels as experiments exercise them: the tunnel's experiment target (its classes' shape,
 * the check against the tunnel as a run is planned). Talks only to the feature's api.
 */
package org.sixflow.app.features.gtpu.experiments;
